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
 * Stripe's terminal states: a subscription in one of them has ended for good and neither bills nor
 * entitles. Every other status still holds (or may still take) the customer's money.
 */
export const endedSubscriptionStatuses = ['canceled', 'incomplete_expired'] as const satisfies readonly SubscriptionStatus[];

/** The one "has this subscription ended" rule. Takes any status string, as Stripe's SDK types it. */
export const hasSubscriptionEnded = (status: string): boolean => (endedSubscriptionStatuses as readonly string[]).includes(status);

/** A subscription that has not ended still entitles its owner; checkout refuses a second one. */
export function isLiveSubscription(s: Pick<Subscription, 'status'> | null | undefined): boolean {
  return !!s && !hasSubscriptionEnded(s.status);
}
