/**
 * Analytics through a tag manager's `window.dataLayer`. Events are plain objects pushed onto the
 * array; whatever tag manager the deployment loads reads them. Nothing here loads a third-party
 * script, so locally and in tests the events simply collect in the array.
 */

export type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/** Page views are not counted on the sign-in and sign-out routes (they are redirects, not pages). */
export const PAGE_VIEW_SKIPPED_PATHS = ['/auth/signin', '/auth/signout'] as const;

export function shouldTrackPageView(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !(PAGE_VIEW_SKIPPED_PATHS as readonly string[]).includes(p);
}

export function pushDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** `{event: 'pageChange', page}` on every navigation, except on /auth/signin and /auth/signout. */
export function trackPageChange(page: string): void {
  if (shouldTrackPageView(page)) pushDataLayer({ event: 'pageChange', page });
}

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

/** The account page's e-mail change. */
export const trackChangeEmail = () => pushDataLayer({ event: 'changeEmail' });

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
