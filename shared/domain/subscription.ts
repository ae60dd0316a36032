import * as z from 'zod';

export const subscriptionStatuses = [
  'trialing', 'active', 'canceled', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused',
] as const;
export const SubscriptionStatus = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Snapshot of a Stripe subscription as the product stores and shows it. Times are unix seconds. */
export const Subscription = z.object({
  id: z.string(),
  status: SubscriptionStatus,
  plan: z.enum(['premium', 'enterprise']).optional(),
  amount: z.number().int().nonnegative(),
  tax_percent: z.number().nonnegative().nullable().optional(),
  quantity: z.number().int().positive().optional(),
  current_period_start: z.number().int(),
  current_period_end: z.number().int(),
  trial_start: z.number().int().nullable(),
  trial_end: z.number().int().nullable(),
  interval: z.enum(['day', 'week', 'month', 'year']),
  interval_count: z.number().int().positive(),
  cancel_at_period_end: z.boolean(),
  created: z.number().int().optional(),
});
export type Subscription = z.infer<typeof Subscription>;

export const Card = z.object({
  name: z.string().nullable(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
});
export type Card = z.infer<typeof Card>;

export const Refund = z.object({ created: z.number().int() });

export const Payment = z.object({
  id: z.string(),
  created: z.number().int(),
  status: z.string(),
  nickname: z.string().nullable(),
  amount: z.number().int(),
  receipt_url: z.string().nullable(),
  refunds: z.array(Refund),
});
export type Payment = z.infer<typeof Payment>;

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
export function holdsSubscription(s: Pick<Subscription, 'status'> | null | undefined): boolean {
  return !!s && !hasSubscriptionEnded(s.status);
}

/** Statuses whose Premium tools work (past_due keeps access while Stripe retries the card). */
export const premiumToolStatuses = ['trialing', 'active', 'past_due'] as const satisfies readonly SubscriptionStatus[];

/** Whether a subscription in `status` unlocks the Premium tools. Takes any string (a login message's status may be empty). */
export const unlocksPremiumTools = (status: string): boolean => (premiumToolStatuses as readonly string[]).includes(status);
