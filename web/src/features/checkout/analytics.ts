import type { Account } from '#shared/domain/account';
import { CHECKOUT_STAGE_TITLES, checkoutStepNumber, type CheckoutStage } from '#shared/rules/checkout-stage';
import { subscriptionTotals } from '#shared/rules/price-format';
import { trackCheckoutStep, trackCheckoutSuccess, type AnalyticsProduct } from '../../lib/analytics';

/** The one product checkout sells (price in dollars, as ecommerce reports expect). */
const PREMIUM_PRODUCT: AnalyticsProduct = {
  id: 'premium', name: 'Premium', price: 12, category: 'subscription', variant: '1-year', quantity: 1,
};

/** checkoutStep: step number, page name ('Sign Up', 'Billing', 'Success!') and products. */
export function trackStage(stage: CheckoutStage): void {
  trackCheckoutStep(checkoutStepNumber(stage), CHECKOUT_STAGE_TITLES[stage], [PREMIUM_PRODUCT]);
}

/** checkoutSuccess: order id, amount including tax, tax, shipping 0, seconds since period start. */
export function trackSuccess(account: Account, nowMs = Date.now()): void {
  const sub = account.subscription;
  if (!sub) return;
  const { tax, total } = subscriptionTotals(sub);
  trackCheckoutSuccess({
    orderId: sub.id,
    amount: total / 100,
    tax: tax / 100,
    secondsSincePeriodStart: Math.max(0, Math.floor(nowMs / 1000) - sub.current_period_start),
  });
}
