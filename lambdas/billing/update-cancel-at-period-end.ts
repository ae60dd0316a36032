import { routes } from '#shared/api/routes';
import { holdsSubscription } from '#shared/domain/subscription';
import { isStripeClientError } from '../adapters/stripe-client';
import { setCancelAtPeriodEnd } from '../adapters/stripe-subscriptions';
import { billingOwnerOf, syncHintOf } from './lib/billing-owner';
import { syncSubscription } from './lib/sync-subscription';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { loadAccount, requireUserRow } from '../account/lib/load-account';

/**
 * POST /account/subscription/cancel-at-period-end {cancel_at_period_end}: turns auto-renew off
 * (true) or back on (false). Setting the value it already has is harmless. An ended subscription
 * cannot be renewed this way (409 invalid_transition: start a new checkout).
 */
export const handler = defineHandler(routes.updateAccountCancelAtPeriodEnd, async ({ principal, body }) => {
  const user = await requireUserRow(principal.userId);
  const owner = await billingOwnerOf(user);
  const sub = owner.subscription;
  if (!sub) throw new DomainError('not_found', 'There is no subscription to update.');
  if (!holdsSubscription(sub)) {
    throw new DomainError('invalid_transition', 'This subscription has ended. Start a new subscription from the checkout.');
  }
  try {
    await setCancelAtPeriodEnd(sub.id, body.cancel_at_period_end);
  } catch (e) {
    if (!isStripeClientError(e)) throw e;
    // The stored row was behind Stripe (e.g. cancelled a moment ago): bring it up to date and say so.
    await syncSubscription(sub.id, syncHintOf(owner));
    throw new DomainError('invalid_transition', 'This subscription can no longer be changed. Please refresh the page.');
  }
  await syncSubscription(sub.id, syncHintOf(owner));
  return loadAccount(await requireUserRow(user.userId));
});
