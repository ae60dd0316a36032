import type Stripe from 'stripe';
import type { Card, Subscription } from '#shared/domain/subscription';
import { SubscriptionStatus } from '#shared/domain/subscription';

/**
 * The whole stored snapshot of a Stripe subscription. Webhooks re-fetch the subscription and
 * write this in full, so event order and duplicates do not matter. In the pinned API version the
 * billing period lives on the subscription items.
 */
export function subscriptionSnapshot(sub: Stripe.Subscription, premiumPriceId?: string): Subscription {
  const item = sub.items.data[0];
  const price = item?.price;
  const status = SubscriptionStatus.safeParse(sub.status);
  return {
    id: sub.id,
    status: status.success ? status.data : 'incomplete',
    plan: price && premiumPriceId && price.id !== premiumPriceId ? 'enterprise' : 'premium',
    amount: (price?.unit_amount ?? 0) * (item?.quantity ?? 1),
    tax_percent: null,
    quantity: item?.quantity ?? 1,
    current_period_start: item?.current_period_start ?? sub.start_date,
    current_period_end: item?.current_period_end ?? sub.start_date,
    trial_start: sub.trial_start ?? null,
    trial_end: sub.trial_end ?? null,
    interval: (price?.recurring?.interval ?? 'year') as Subscription['interval'],
    interval_count: price?.recurring?.interval_count ?? 1,
    cancel_at_period_end: sub.cancel_at_period_end,
    created: sub.created,
  };
}

/** Card shown on the account page, from an expanded payment method. */
export function cardOf(pm: Stripe.PaymentMethod | string | null | undefined): Card | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { name: pm.billing_details?.name ?? null, brand: pm.card.brand, last4: pm.card.last4 };
}
