import { routes } from '#shared/api/routes';
import type { OrgStatus } from '#shared/domain/account';
import type { Member } from '#shared/domain/organization';
import { apiCall } from '../../../lib/api-client';

/** PUT /orgs/{orgId}/members/{userId}/status: Deactivate ('deactivated') or Reactivate ('active'). */
export function updateEnterpriseMemberStatus(orgId: string, userId: string, status: OrgStatus): Promise<Member> {
  return apiCall(routes.updateEnterpriseMemberStatus, { params: { orgId, userId }, body: { status } });
}
