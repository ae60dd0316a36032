import { routes } from '#shared/api/routes';
import { isLiveSubscription } from '#shared/domain/subscription';
import { stripe } from '../adapters/stripe-client';
import { billingOwnerOf, syncHintOf } from '../billing/billing-owner';
import { isStripeClientError } from '../billing/stripe-errors';
import { syncSubscription } from '../billing/sync-subscription';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { loadAccount, requireUserRow } from './load-account';

/**
 * POST /account/subscription/cancel: cancels the subscription now (a trial ends without a charge;
 * a paid year is not prorated, as the terms say). An organisation's subscription is cancelled by
 * its admin only. Cancelling what is already cancelled just answers the account.
 */
export const handler = defineHandler(routes.cancelAccountSubscription, async ({ principal }) => {
  const user = await requireUserRow(principal.userId);
  const owner = await billingOwnerOf(user);
  const sub = owner.subscription;
  if (!sub) throw new DomainError('not_found', 'There is no subscription to cancel.');
  if (isLiveSubscription(sub)) {
    const s = await stripe();
    try {
      await s.subscriptions.cancel(sub.id, {}, { idempotencyKey: `fps-cancel-${sub.id}` });
    } catch (e) {
      // Already cancelled at Stripe (e.g. a webhook not applied yet): the sync below settles the row.
      if (!isStripeClientError(e)) throw e;
      logger.warn('cancel refused by Stripe; syncing instead', { subscriptionId: sub.id, error: e.message });
    }
    await syncSubscription(sub.id, syncHintOf(owner));
  }
  return loadAccount(await requireUserRow(user.userId));
});
