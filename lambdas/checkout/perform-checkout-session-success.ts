import type Stripe from 'stripe';
import { routes } from '#shared/api/routes';
import { loadAccount, requireUserRow } from '../account/lib/load-account';
import { idOf, isMissingResource } from '../adapters/stripe-client';
import { stripeObjects } from '../adapters/stripe-objects';
import { syncSubscription } from '../billing/lib/sync-subscription';
import { defineHandler } from '../lib/define-handler';
import { DomainError, notFound } from '../lib/errors';
import { countEvent } from '../lib/metrics';

export const SESSION_NOT_FOUND = 'Checkout session not found.';

/**
 * POST /checkout/sessions/success: the browser is back from a paid (or trial-started) Checkout.
 * The session must be the caller's own subscription checkout; its subscription is then synced at
 * once (not waiting for the webhook) and the fresh account is returned. Safe to call again.
 * Another user's session answers 404, exactly like an unknown id, so ids cannot be probed.
 */
export const handler = defineHandler(routes.performCheckoutSessionSuccess, async ({ principal, body }) => {
  const user = await requireUserRow(principal.userId);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeObjects.checkoutSession(body.session_id);
  } catch (e) {
    if (isMissingResource(e)) throw notFound(SESSION_NOT_FOUND);
    throw e;
  }
  const owner = session.client_reference_id ?? session.metadata?.userId;
  const customer = idOf(session.customer);
  const isCallers = owner === user.userId && (!user.stripeCustomerId || customer === user.stripeCustomerId);
  if (!isCallers || session.mode !== 'subscription') throw notFound(SESSION_NOT_FOUND);
  if (session.status !== 'complete') {
    throw new DomainError('conflict', 'This checkout is not complete. Please finish the payment step first.');
  }
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) throw new DomainError('conflict', 'This checkout has no subscription.');
  await syncSubscription(subscriptionId, { userId: user.userId });
  countEvent('CheckoutCompleted');
  return loadAccount(await requireUserRow(user.userId));
});
