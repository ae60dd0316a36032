import * as z from 'zod';

/** Stable machine codes every error response carries as `{code, message}`. */
const errorCodes = [
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'account_not_ready', // the user row is not created yet: clients retry (see shared/rules/account-retry)
  'already_subscribed',
  'seat_limit_reached',
  'invalid_transition',
  'payment_error',
  'not_implemented',
  'payload_too_large',
  'unsupported_media_type',
  'storage_full', // the image library's storage quota (shared/rules/storage-quota.ts): the upload is refused
  'method_not_allowed',
  'too_many_requests', // a rate limit (e.g. e-mail-change codes): try again later
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const ApiError = z.object({ code: z.enum(errorCodes), message: z.string() });
export type ApiError = z.infer<typeof ApiError>;

/** The retry code the account lookup answers while the PostConfirmation trigger has not written the row. */
export const ACCOUNT_RETRY_CODE: ErrorCode = 'account_not_ready';
