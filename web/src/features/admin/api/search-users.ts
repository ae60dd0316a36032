import { routes } from '#shared/api/routes';
import type { AdminSearchResult } from '#shared/rules/admin-search-matches';
import { apiCall } from '../../../lib/api-client';

/** GET /admin/users?q=: one user across Cognito, DynamoDB and Stripe, or the e-mails beginning with q (404 when nobody matches). */
export function searchUsers(q: string, signal?: AbortSignal): Promise<AdminSearchResult> {
  return apiCall(routes.adminSearchUsers, { query: { q }, signal });
}
