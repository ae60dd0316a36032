import { describe, expect, it } from 'vitest';
import { hasSubscriptionEnded, isLiveSubscription, subscriptionStatuses } from './subscription';

describe('subscription has ended', () => {
  it('only in the terminal states canceled and incomplete_expired', () => {
    const ended = subscriptionStatuses.filter(hasSubscriptionEnded);
    expect(ended).toEqual(['canceled', 'incomplete_expired']);
  });

  it('a subscription is live exactly when it exists and has not ended', () => {
    for (const status of subscriptionStatuses) expect(isLiveSubscription({ status })).toBe(!hasSubscriptionEnded(status));
    expect(isLiveSubscription(null)).toBe(false);
    expect(isLiveSubscription(undefined)).toBe(false);
  });
});
