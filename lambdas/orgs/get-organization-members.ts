import { routes } from '#shared/api/routes';
import type { Member } from '#shared/domain/organization';
import { orgsRepo } from '../adapters/orgs-repo';
import { usersRepo } from '../adapters/users-repo';
import { defineHandler } from '../lib/define-handler';
import { requireOrgAdmin } from './lib/org-access';
import { memberList } from './lib/org-view';

/** Each member with an account gets the name they set (user row); invitations have none yet. */
async function withNames(members: Member[]): Promise<Member[]> {
  return Promise.all(
    members.map(async (m) => {
      if (m.orgStatus === 'invited') return m;
      const name = (await usersRepo.get(m.userId))?.name;
      return name ? { ...m, name } : m;
    }),
  );
}

/** GET /orgs/{orgId}/members: every member with role, status and name (admins first), for the org admin. */
export const handler = defineHandler(routes.getOrganizationMembers, async ({ principal, params }) => {
  const { org } = await requireOrgAdmin(principal, params.orgId);
  return { members: await withNames(memberList(await orgsRepo.listMembers(org.orgId))) };
});
