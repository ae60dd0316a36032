/**
 * Pure rules of the staff admin tool, shared by the admin lambdas and the /admin page.
 * Spec: a query of 2 characters or fewer gives 'Search too short.' (minimum length 3); an empty
 * query does nothing. Delete requires typing DELETE; Verify is offered only to a user who is not
 * CONFIRMED or whose e-mail is not verified.
 */

export const ADMIN_SEARCH_MIN_LENGTH = 3;
/** Longest query accepted (the longest e-mail address). */
export const ADMIN_SEARCH_MAX_LENGTH = 254;
export const SEARCH_TOO_SHORT = 'Search too short.';
export const SEARCH_TOO_LONG = 'Search too long.';

export type AdminSearchCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; query: string };

/** What a submitted search box holds: nothing (do nothing), an invalid query, or a query to run. */
export function checkAdminSearch(raw: string | null | undefined): AdminSearchCheck {
  const query = (raw ?? '').trim();
  if (query === '') return { kind: 'empty' };
  if (query.length < ADMIN_SEARCH_MIN_LENGTH) return { kind: 'invalid', message: SEARCH_TOO_SHORT };
  if (query.length > ADMIN_SEARCH_MAX_LENGTH) return { kind: 'invalid', message: SEARCH_TOO_LONG };
  return { kind: 'ok', query };
}

export type AdminQuery =
  | { by: 'email'; email: string }
  | { by: 'stripeCustomer'; customerId: string }
  | { by: 'userId'; userId: string };

/**
 * How to search for a (valid) query: an e-mail when it holds an '@' (compared lower-cased, as the
 * users table stores it), a Stripe customer id when it looks like one, else a userId (Cognito sub).
 */
export function classifyAdminQuery(query: string): AdminQuery {
  const q = query.trim();
  if (q.includes('@')) return { by: 'email', email: q.toLowerCase() };
  if (/^cus_[A-Za-z0-9]+$/.test(q)) return { by: 'stripeCustomer', customerId: q };
  return { by: 'userId', userId: q };
}

/** Cognito ListUsers filter values are double-quoted; quotes and backslashes inside are escaped. */
export const cognitoFilterValue = (v: string): string => v.replace(/["\\]/g, '\\$&');

/** Spec: Verify user is offered only when the user is not CONFIRMED or the e-mail is not verified. */
export function canOfferVerify(cognito: { userStatus: string; attributes: { email_verified?: string } } | null | undefined): boolean {
  if (!cognito) return false;
  return cognito.userStatus !== 'CONFIRMED' || cognito.attributes.email_verified !== 'true';
}

/** The word staff type into the prompt to delete a user. */
const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Spec: delete requires typing DELETE in a prompt (surrounding blanks forgiven, case not). */
export const isDeleteConfirmed = (typed: string | null | undefined): boolean =>
  (typed ?? '').trim() === DELETE_CONFIRMATION_WORD;
