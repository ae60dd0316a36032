import { routes } from '#shared/api/routes';
import { holdsSubscription } from '#shared/domain/subscription';
import { isStripeClientError } from '../adapters/stripe-client';
import { stripeObjects } from '../adapters/stripe-objects';
import { cancelSubscriptionOnce, setCancelAtPeriodEnd } from '../adapters/stripe-subscriptions';
import { billingOwnerOf, syncHintOf } from './lib/billing-owner';
import { syncSubscription } from './lib/sync-subscription';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { loadAccount, requireUserRow } from '../account/lib/load-account';

/**
 * Ends the subscription the way the Terms promise. A paid period ('active' at Stripe) is never cut
 * short: it stops renewing and Premium lasts to the period end (no prorated refunds). Anything else
 * — a free trial, a renewal whose payment failed, an incomplete first payment — has no paid time
 * left, so it ends now and nothing is charged.
 */
async function endSubscription(subscriptionId: string): Promise<void> {
  // Stripe's own status, not the row's: a trial may have turned into a paid year a moment ago.
  const live = await stripeObjects.subscription(subscriptionId);
  if (live.status === 'active') {
    await setCancelAtPeriodEnd(subscriptionId, true);
    return;
  }
  await cancelSubscriptionOnce(subscriptionId);
}

/**
 * POST /account/subscription/cancel: cancels the subscription (see endSubscription for when that is
 * now and when at the period end). An organisation's subscription is cancelled by its admin only.
 * Cancelling what is already cancelled just answers the account.
 */
export const handler = defineHandler(routes.cancelAccountSubscription, async ({ principal }) => {
  const user = await requireUserRow(principal.userId);
  const owner = await billingOwnerOf(user);
  const sub = owner.subscription;
  if (!sub) throw new DomainError('not_found', 'There is no subscription to cancel.');
  if (holdsSubscription(sub)) {
    try {
      await endSubscription(sub.id);
    } catch (e) {
      // Already cancelled at Stripe (e.g. a webhook not applied yet): the sync below settles the row.
      if (!isStripeClientError(e)) throw e;
      logger.warn('cancel refused by Stripe; syncing instead', { subscriptionId: sub.id, error: e.message });
    }
    await syncSubscription(sub.id, syncHintOf(owner));
  }
  return loadAccount(await requireUserRow(user.userId));
});
