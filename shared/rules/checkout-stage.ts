import { holdsSubscription, type Subscription } from '../domain/subscription';

/**
 * Checkout stages (spec, section 2 "Checkout" and section 4): account, then payment, then success,
 * selected by the path slug under the checkout prefix (default /checkout).
 */

export const CHECKOUT_STAGES = ['account', 'payment', 'success'] as const;
export type CheckoutStage = (typeof CHECKOUT_STAGES)[number];

export const CHECKOUT_STAGE_TITLES: Record<CheckoutStage, string> = {
  account: 'Sign Up',
  payment: 'Billing',
  success: 'Success!',
};

/** 1, 2, 3: the step number the indicator and the checkoutStep analytics event use. */
export const checkoutStepNumber = (stage: CheckoutStage): number => CHECKOUT_STAGES.indexOf(stage) + 1;

/** The query parameters checkout reads. */
export const CHECKOUT_QUERY = {
  /** 'cancel' (back from the payment page) or 'success' (with session_id). */
  checkout: 'checkout',
  sessionId: 'session_id',
  /** Forces the A/B group ('A' or 'B'). */
  method: 'checkout_method',
  /** Popup mode: the first stage starts sign-in/sign-up at once; the window closes itself when done. */
  popup: 'popup',
  /** Sign-in mode: sign in rather than sign up. */
  signin: 'signin',
} as const;

export const DEFAULT_CHECKOUT_PREFIX = '/checkout';

/** The stage a slug names, or null ('' and unknown slugs). */
export function parseCheckoutStage(slug: string | null | undefined): CheckoutStage | null {
  return (CHECKOUT_STAGES as readonly string[]).includes(slug ?? '') ? (slug as CheckoutStage) : null;
}

export type CheckoutResolution =
  | { type: 'loading' }
  | { type: 'error'; message: string }
  | { type: 'redirect'; stage: CheckoutStage }
  | { type: 'show'; stage: CheckoutStage };

export interface CheckoutStageInput {
  /** The path slug after the prefix ('' or undefined for the bare prefix). */
  slug: string | null | undefined;
  /** The authentication state: 'loading', 'signedIn' or 'signedOut'; anything else is an error. */
  auth: string;
  /** The `checkout` query value. */
  checkout: string | null;
  /**
   * The visitor came back from the payment page with checkout=cancel (now, or earlier on this
   * page: the flag itself is removed from the URL). They stay on the account stage.
   */
  canceled: boolean;
}

/**
 * Which stage to show, or where to go:
 * - while authentication loads: loading; an unknown authentication state is an error;
 * - signed-out users are forced to the account stage;
 * - a return with checkout=success goes to the success stage;
 * - signed-in users are moved from the account stage to payment, unless they came back with
 *   checkout=cancel.
 */
export function resolveCheckoutStage(input: CheckoutStageInput): CheckoutResolution {
  const requested = parseCheckoutStage(input.slug);
  const want = (stage: CheckoutStage): CheckoutResolution =>
    requested === stage ? { type: 'show', stage } : { type: 'redirect', stage };
  switch (input.auth) {
    case 'loading':
      return { type: 'loading' };
    case 'signedOut':
      return want('account');
    case 'signedIn':
      if (input.checkout === 'success') return want('success');
      if (requested === 'payment' || requested === 'success') return { type: 'show', stage: requested };
      return input.canceled ? want('account') : want('payment');
    default:
      return { type: 'error', message: `Unknown authentication state: ${input.auth || '(none)'}` };
  }
}

/**
 * Already subscribed: a subscription whose status is present and not ended. Spec: "status present
 * and not canceled"; incomplete_expired is Stripe's other terminal state and counts as ended too,
 * the same rule the server applies before it opens a checkout.
 */
export const isAlreadySubscribed = (sub: Pick<Subscription, 'status'> | null | undefined): boolean => holdsSubscription(sub);

/** Where the payment page sends the customer back to (the server adds `session_id`). */
export function checkoutReturnUrls(origin: string, prefix = DEFAULT_CHECKOUT_PREFIX) {
  return {
    success_url: `${origin}${prefix}/success?${CHECKOUT_QUERY.checkout}=success`,
    cancel_url: `${origin}${prefix}/account?${CHECKOUT_QUERY.checkout}=cancel`,
  };
}
