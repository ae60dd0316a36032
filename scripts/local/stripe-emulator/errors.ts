// Errors shaped like Stripe's `{ error: { type, code, message, param } }`.
// The SDK picks its error class from the HTTP status (400/404 → StripeInvalidRequestError,
// 401 → StripeAuthenticationError, 402 → StripeCardError, ...), so status matters as much as body.

type StripeErrorType =
  | 'invalid_request_error'
  | 'card_error'
  | 'api_error'
  | 'idempotency_error'
  | 'authentication_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }

  toJSON(): { error: StripeErrorBody } {
    return { error: this.body };
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

const NOUNS: Record<string, string> = {
  cus: 'customer',
  price: 'price',
  prod: 'product',
  pm: 'PaymentMethod',
  seti: 'setupintent',
  cs: 'checkout.session',
  sub: 'subscription',
  in: 'invoice',
  inpay: 'invoice_payment',
  pi: 'payment_intent',
  ch: 'charge',
  re: 'refund',
  evt: 'event',
};

/** `No such customer: 'cus_123'`, 404 resource_missing — what Stripe answers for unknown ids. */
export function noSuch(kind: keyof typeof NOUNS | string, id: string, param = 'id'): StripeApiError {
  const noun = NOUNS[kind] ?? kind;
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${noun}: '${id}'`,
    param,
  });
}

/** 400 variant of noSuch, used when an id given as a parameter (not in the path) does not exist. */
export function noSuchParam(kind: string, id: string, param: string): StripeApiError {
  const err = noSuch(kind, id, param);
  return new StripeApiError(400, err.body);
}

export function cardError(message: string, code: string, declineCode?: string, param?: string): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    message,
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    ...(param ? { param } : {}),
  });
}
