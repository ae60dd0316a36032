import type { Subscription, SubscriptionStatus } from '#shared/domain/subscription';
import { holdsSubscription } from '#shared/domain/subscription';

const statusText: Record<SubscriptionStatus, string> = {
  trialing: 'Free trial',
  active: 'Active',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  past_due: 'Payment past due',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

/** 'Basic' for free users (and after a subscription ended); 'Premium' with its status otherwise. */
function subscriptionName(sub: Subscription | null): string {
  return holdsSubscription(sub) ? 'Premium' : 'Basic';
}

const dateOf = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The Subscription field's value. An ended subscription reads plain 'Basic': the billing part says
 * it expired (with Go Premium), so the page does not show "Basic (Canceled)" beside "expired".
 */
export function SubscriptionSummary({ subscription }: { subscription: Subscription | null }) {
  if (!subscription || !holdsSubscription(subscription)) return <>Basic</>;
  const name = subscriptionName(subscription);
  const until = subscription.status === 'trialing' && subscription.trial_end ? subscription.trial_end : subscription.current_period_end;
  return (
    <>
      {name} <span className="account-status">({statusText[subscription.status] ?? subscription.status})</span>
      <span className="account-muted">
        {' '}
        · {subscription.status === 'trialing' ? 'trial ends' : subscription.cancel_at_period_end ? 'ends' : 'renews'} {dateOf(until)}
      </span>
    </>
  );
}
