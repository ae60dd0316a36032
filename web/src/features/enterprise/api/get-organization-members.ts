import { routes } from '#shared/api/routes';
import type { Member } from '#shared/domain/organization';
import { apiCall } from '../../../lib/api-client';

/** GET /orgs/{orgId}/members: every member with role and status (org admin only). */
export async function getOrganizationMembers(orgId: string, signal?: AbortSignal): Promise<Member[]> {
  return (await apiCall(routes.getOrganizationMembers, { params: { orgId }, signal })).members;
}
