import type Stripe from 'stripe';
import { routes } from '#shared/api/routes';
import { loadAccount, requireUserRow } from '../account/lib/load-account';
import { orgsRepo } from '../adapters/orgs-repo';
import { isMissingResource } from '../adapters/stripe-client';
import { stripeObjects } from '../adapters/stripe-objects';
import { defineHandler } from '../lib/define-handler';
import { DomainError, notFound } from '../lib/errors';
import { billingOwnerOf } from './lib/billing-owner';
import { applyPaymentMethodUpdate, CARD_NOT_SAVED, isOwnersPaymentSession, toOrganization } from './lib/update-payment-method';

export const PAYMENT_SESSION_NOT_FOUND = 'Card update session not found.';

/**
 * POST /billing/payment-method-sessions/confirm: back from the setup-mode Checkout. The session
 * must be the caller's (or, for account_type 'organization', their organisation's, caller being
 * its admin); its card becomes the default of the customer and of the subscription. Answers the
 * updated account or organisation. Another owner's session answers 404, like an unknown id.
 */
export const handler = defineHandler(routes.confirmUpdatePaymentSession, async ({ principal, body }) => {
  const user = await requireUserRow(principal.userId);
  const owner = await billingOwnerOf(user, body.account_type);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeObjects.checkoutSession(body.session_id);
  } catch (e) {
    if (isMissingResource(e)) throw notFound(PAYMENT_SESSION_NOT_FOUND);
    throw e;
  }
  if (!isOwnersPaymentSession(session, owner)) throw notFound(PAYMENT_SESSION_NOT_FOUND);
  if (session.status !== 'complete') throw new DomainError('conflict', CARD_NOT_SAVED);
  await applyPaymentMethodUpdate(session);

  if (owner.type === 'organization') {
    const org = await orgsRepo.getOrg(owner.org.orgId);
    if (!org) throw notFound('Organization not found.');
    return { type: 'organization' as const, data: toOrganization(org) };
  }
  return { type: 'user' as const, data: await loadAccount(await requireUserRow(user.userId)) };
});
