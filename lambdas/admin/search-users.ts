import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { lookupUser } from './lookup-user';

/** GET /admin/users?q=: one user across Cognito, DynamoDB (users, orgs) and Stripe; 404 when nobody matches. */
export const handler = defineHandler(routes.adminSearchUsers, async ({ principal, query }) => {
  const result = await lookupUser(query.q);
  // Who searched, not for what: the query is personal data.
  logger.info('admin search', { actorUserId: principal.userId, found: !!result });
  if (!result) throw notFound('No user matches this search.');
  return result;
});
