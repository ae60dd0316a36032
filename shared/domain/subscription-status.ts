export const subscriptionStatuses = [
  'trialing', 'active', 'canceled', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * Two questions about a subscription, with different answers for `incomplete`, `unpaid` and
 * `paused` (the table is in subscription.test.ts):
 *
 * - Does the customer hold it? (`holdsSubscription`) Until it ends it is theirs to cancel or
 *   renew, it may still take their money, and checkout refuses a second one. The account's
 *   `subscriber` role follows this.
 * - Does it unlock the Premium tools? (`unlocksPremiumTools`) Only while paid for, or while
 *   Stripe retries the card (`past_due`): the extension's editor and the storage plan follow this.
 */

/** Stripe's terminal states: a subscription in one of them has ended for good and neither bills nor entitles. */
export const endedSubscriptionStatuses = ['canceled', 'incomplete_expired'] as const satisfies readonly SubscriptionStatus[];

/** The one "has this subscription ended" rule. Takes any status string, as Stripe's SDK types it. */
export const hasSubscriptionEnded = (status: string): boolean => (endedSubscriptionStatuses as readonly string[]).includes(status);

/** The customer holds a subscription that has not ended: theirs to manage; checkout refuses a second one. */
export function holdsSubscription(s: { status: string } | null | undefined): boolean {
  return !!s && !hasSubscriptionEnded(s.status);
}

/** Statuses whose Premium tools work (past_due keeps access while Stripe retries the card). */
export const premiumToolStatuses = ['trialing', 'active', 'past_due'] as const satisfies readonly SubscriptionStatus[];

/** Whether a subscription in `status` unlocks the Premium tools. Takes any string (a login message's status may be empty). */
export const unlocksPremiumTools = (status: string): boolean => (premiumToolStatuses as readonly string[]).includes(status);
