import { routes } from '#shared/api/routes';
import { orgsRepo } from '../adapters/orgs-repo';
import { defineHandler } from '../lib/define-handler';
import { requireOrgAdmin } from './org-access';
import { memberList } from './org-view';

/** GET /orgs/{orgId}/members: every member with role and status (admins first), for the org admin. */
export const handler = defineHandler(routes.getOrganizationMembers, async ({ principal, params }) => {
  const { org } = await requireOrgAdmin(principal, params.orgId);
  return { members: memberList(await orgsRepo.listMembers(org.orgId)) };
});
