import * as z from 'zod';
import { AdminLookupResult } from '../domain/admin';

/**
 * What the staff search matches, and its answer when a query is the beginning of several e-mail
 * addresses. An exact e-mail, user id or Stripe customer id answers the one user (spec: cognito,
 * dbUser, dbOrg, stripeCustomer); otherwise the query is taken as the beginning of an e-mail
 * address: one match is looked up in full, several are listed (at most ADMIN_SEARCH_MAX_MATCHES).
 */
export const ADMIN_SEARCH_MAX_MATCHES = 20;

export const ADMIN_SEARCH_HINT =
  `Matches an e-mail address or its beginning, a user id, or a Stripe customer id. Shows at most ${ADMIN_SEARCH_MAX_MATCHES} e-mail matches.`;

export const AdminSearchMatch = z.object({
  userId: z.string(),
  email: z.string(),
  userStatus: z.string(),
});
export type AdminSearchMatch = z.infer<typeof AdminSearchMatch>;

export const AdminSearchResult = AdminLookupResult.extend({
  /** Users whose e-mail begins with the query, when it named no user exactly and more than one begins so. */
  matches: z.array(AdminSearchMatch).max(ADMIN_SEARCH_MAX_MATCHES).optional(),
  /** True when more users begin so than `matches` shows. */
  moreMatches: z.boolean().optional(),
});
export type AdminSearchResult = z.infer<typeof AdminSearchResult>;

/** Cognito's prefix filter value for a query: e-mails are stored lower-cased. */
export const emailPrefixOf = (query: string): string => query.trim().toLowerCase();
