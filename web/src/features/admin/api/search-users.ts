import { routes } from '#shared/api/routes';
import type { AdminLookupResult } from '#shared/domain/admin';
import { apiCall } from '../../../lib/api-client';

/** GET /admin/users?q=: one user across Cognito, DynamoDB and Stripe (404 when nobody matches). */
export function searchUsers(q: string, signal?: AbortSignal): Promise<AdminLookupResult> {
  return apiCall(routes.adminSearchUsers, { query: { q }, signal });
}
