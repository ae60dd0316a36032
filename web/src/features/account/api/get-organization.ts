import { routes } from '#shared/api/routes';
import type { Organization } from '#shared/domain/organization';
import { apiCall } from '../../../lib/api-client';

/** GET /orgs/{orgId}: organisation details, for its admin only. */
export function getOrganization(orgId: string, signal?: AbortSignal): Promise<Organization> {
  return apiCall(routes.getOrganization, { params: { orgId }, signal });
}
