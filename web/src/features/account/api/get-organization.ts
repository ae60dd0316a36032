import { queryOptions } from '@tanstack/react-query';
import { routes } from '#shared/api/routes';
import type { Organization } from '#shared/domain/organization';
import { apiCall } from '../../../lib/api-client';

/** GET /orgs/{orgId}: organisation details, for its admin only. */
function getOrganization(orgId: string): Promise<Organization> {
  return apiCall(routes.getOrganization, { params: { orgId } });
}

export const organizationKeys = { all: ['organization'] as const, one: (orgId: string | null) => ['organization', orgId] as const };

/**
 * The organisation as a query (the account provider loads it for org admins). Without the
 * AbortSignal, as the provider's account query (lib/api-account.ts `handedOverAccountQuery`): a
 * load the sign-in page started carries on for the account area it leads to.
 */
export const organizationQuery = (orgId: string | null) =>
  queryOptions({ queryKey: organizationKeys.one(orgId), queryFn: () => getOrganization(orgId!) });
