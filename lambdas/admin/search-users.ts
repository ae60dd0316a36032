import { routes } from '#shared/api/routes';
import type { AdminSearchResult } from '#shared/rules/admin-search-matches';
import { defineHandler } from '../lib/define-handler';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { lookupUser } from './lib/lookup-user';
import { searchUsersByEmailPrefix } from './lib/search-users-by-prefix';

/**
 * GET /admin/users?q=: one user across Cognito, DynamoDB (users, orgs) and Stripe, found by exact
 * e-mail, userId or Stripe customer id; else by the beginning of an e-mail address: one such user
 * is looked up in full, several are listed (at most 20). 404 when nobody matches.
 */
export const handler = defineHandler(routes.adminSearchUsers, async ({ principal, query }): Promise<AdminSearchResult> => {
  const exact = await lookupUser(query.q);
  // Who searched, not for what: the query is personal data.
  if (exact) {
    logger.info('admin search', { actorUserId: principal.userId, found: 'exact' });
    return exact;
  }
  const { matches, more } = await searchUsersByEmailPrefix(query.q);
  logger.info('admin search', { actorUserId: principal.userId, found: matches.length ? 'prefix' : 'none', matches: matches.length });
  if (matches.length === 0) throw notFound('No user matches this search.');
  if (matches.length === 1 && !more) {
    const one = await lookupUser(matches[0].email);
    if (one) return one;
  }
  return { cognito: null, dbUser: null, dbOrg: null, stripeCustomer: null, matches, ...(more ? { moreMatches: true } : {}) };
});
