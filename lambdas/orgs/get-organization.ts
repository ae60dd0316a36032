import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { requireOrgAdmin } from './lib/org-access';
import { toOrganization } from './lib/org-view';

/** GET /orgs/{orgId}: the organisation, for its admin only (a member or another org's admin: 403). */
export const handler = defineHandler(routes.getOrganization, async ({ principal, params }) => {
  const { org } = await requireOrgAdmin(principal, params.orgId);
  return toOrganization(org);
});
