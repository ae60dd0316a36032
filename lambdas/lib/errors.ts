import type { ErrorCode } from '#shared/api/errors';

/** A failure the client can act on. Mapped to an HTTP status in one place: `statusOf`. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  too_many_requests: 429,
  conflict: 409,
  already_subscribed: 409,
  seat_limit_reached: 409,
  invalid_transition: 409,
  account_not_ready: 409,
  payment_error: 402,
  payload_too_large: 413,
  // Not 507: the server is fine; this request is refused for the user's own limit (413 Content Too Large).
  storage_full: 413,
  unsupported_media_type: 415,
  not_implemented: 501,
  internal: 500,
};

export const statusOf = (code: ErrorCode): number => statusByCode[code];

export const notFound = (what = 'Not found.') => new DomainError('not_found', what);
export const forbidden = (why = 'You are not allowed to do this.') => new DomainError('forbidden', why);
export const unauthorized = () => new DomainError('unauthorized', 'Sign in required.');
