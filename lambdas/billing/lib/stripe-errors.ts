import Stripe from 'stripe';

/** Stripe's "No such …" answer (an id that does not exist, or belongs to another account/mode). */
export const isMissingResource = (e: unknown): boolean =>
  e instanceof Stripe.errors.StripeInvalidRequestError && (e.code === 'resource_missing' || e.statusCode === 404);

/** Any error Stripe itself answered with a 4xx (bad request, card error, idempotency...). */
export const isStripeClientError = (e: unknown): e is Stripe.errors.StripeError =>
  e instanceof Stripe.errors.StripeError && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500;

export const idOf = (x: string | { id: string } | null | undefined): string | undefined => (typeof x === 'string' ? x : x?.id);
