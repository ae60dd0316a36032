import { describe, expect, it } from 'vitest';
import { hasSubscriptionEnded, holdsSubscription, subscriptionStatuses, unlocksPremiumTools, type SubscriptionStatus } from './subscription-status';

/** Every status, and the two answers: does the customer hold it, does it unlock the Premium tools. */
const TABLE: Record<SubscriptionStatus, { holds: boolean; unlocksTools: boolean }> = {
  trialing: { holds: true, unlocksTools: true },
  active: { holds: true, unlocksTools: true },
  past_due: { holds: true, unlocksTools: true },
  incomplete: { holds: true, unlocksTools: false },
  unpaid: { holds: true, unlocksTools: false },
  paused: { holds: true, unlocksTools: false },
  canceled: { holds: false, unlocksTools: false },
  incomplete_expired: { holds: false, unlocksTools: false },
};

describe('subscription status rules', () => {
  it('the table names every status', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...subscriptionStatuses].sort());
  });

  it.each(subscriptionStatuses)('%s: held and tools as the table says', (status) => {
    expect({ holds: holdsSubscription({ status }), unlocksTools: unlocksPremiumTools(status) }).toEqual(TABLE[status]);
  });

  it('has ended only in the terminal states canceled and incomplete_expired', () => {
    expect(subscriptionStatuses.filter(hasSubscriptionEnded)).toEqual(['canceled', 'incomplete_expired']);
  });

  it('no subscription: none held, no tools', () => {
    expect(holdsSubscription(null)).toBe(false);
    expect(holdsSubscription(undefined)).toBe(false);
    expect(unlocksPremiumTools('')).toBe(false);
  });

  it('whatever unlocks the tools is also held (never tools without a subscription to manage)', () => {
    for (const status of subscriptionStatuses) if (unlocksPremiumTools(status)) expect(holdsSubscription({ status })).toBe(true);
  });
});
