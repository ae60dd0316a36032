import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';

/** DELETE /orgs/{orgId}/invitations/{userId}: deletes a pending invitation (the Delete action). */
export async function revokeEnterpriseMemberInvite(orgId: string, userId: string): Promise<void> {
  await apiCall(routes.revokeEnterpriseMemberInvite, { params: { orgId, userId } });
}
