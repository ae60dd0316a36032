import * as z from 'zod';
import { subscriptionStatuses } from './subscription-status';

// The status rules are plain code (no zod), so the extension's bundles can use them.
export {
  endedSubscriptionStatuses, hasSubscriptionEnded, holdsSubscription, premiumToolStatuses, subscriptionStatuses, unlocksPremiumTools,
} from './subscription-status';

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
