/**
 * Analytics through a tag manager's `window.dataLayer`. Events are plain objects pushed onto the
 * array; whatever tag manager the deployment loads reads them. Nothing here loads a third-party
 * script, so locally and in tests the events simply collect in the array.
 */

import { pushDataLayer } from './page-view';

export { pushDataLayer, shouldTrackPageView, trackPageChange } from './page-view';

export interface AnalyticsProduct {
  id: string;
  name: string;
  /** Price in USD (dollars, not cents), as ecommerce reports expect. */
  price: number;
  category?: string;
  variant?: string;
  quantity?: number;
}

export interface EcommerceEventInput {
  category: string;
  action: string;
  label: string;
  products: AnalyticsProduct[];
  pageName: string;
}

function ecommerce(event: 'viewProduct' | 'addToCart', input: EcommerceEventInput): void {
  pushDataLayer({
    event,
    eventCategory: input.category,
    eventAction: input.action,
    eventLabel: input.label,
    pageName: input.pageName,
    ecommerce: { products: input.products },
  });
}

/** A product detail view (the Premium page). */
export const trackViewProduct = (input: EcommerceEventInput) => ecommerce('viewProduct', input);
/** A product put in the cart (the Premium page's call to action). */
export const trackAddToCart = (input: EcommerceEventInput) => ecommerce('addToCart', input);

/** Checkout progress: step 1 Sign Up, 2 Billing, 3 Success!. */
export const trackCheckoutStep = (step: number, pageName: string, products: AnalyticsProduct[]) =>
  pushDataLayer({ event: 'checkoutStep', step, pageName, ecommerce: { products } });

export interface CheckoutSuccessInput {
  orderId: string;
  /** Total including tax, USD. */
  amount: number;
  tax: number;
  secondsSincePeriodStart: number;
}

export const trackCheckoutSuccess = (input: CheckoutSuccessInput) =>
  pushDataLayer({
    event: 'checkoutSuccess',
    orderId: input.orderId,
    amount: input.amount,
    tax: input.tax,
    shipping: 0,
    secondsSincePeriodStart: input.secondsSincePeriodStart,
  });
