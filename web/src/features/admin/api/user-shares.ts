import { routes } from '#shared/api/routes';
import type { AdminActionResult } from '#shared/domain/admin';
import type { AdminShareLink } from '#shared/domain/share-link';
import { apiCall } from '../../../lib/api-client';

/** GET /admin/users/shares?cognitoSub=: the user's share links, expired ones included. */
export async function listUserShares(cognitoSub: string, signal?: AbortSignal): Promise<AdminShareLink[]> {
  return (await apiCall(routes.adminListUserShares, { query: { cognitoSub }, signal })).shares;
}

/** DELETE /admin/users/shares {cognitoSub, shareId}: audited. */
export function revokeUserShare(cognitoSub: string, shareId: string): Promise<AdminActionResult> {
  return apiCall(routes.adminRevokeUserShare, { body: { cognitoSub, shareId } });
}
