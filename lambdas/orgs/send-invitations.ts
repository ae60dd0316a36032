import { routes } from '#shared/api/routes';
import { orgsRepo } from '../adapters/orgs-repo';
import { defineHandler } from '../lib/define-handler';
import { inviteMembers } from './lib/invitations';
import { requireOrgAdmin } from './lib/org-access';
import { memberList } from './lib/org-view';

/**
 * POST /orgs/{orgId}/invitations: invites new addresses within the remaining seats (409
 * seat_limit_reached otherwise, nothing written) and re-sends pending invitations (the "Resend"
 * action: new token, new e-mail, no extra seat). Answers the whole member list afterwards.
 */
export const handler = defineHandler(routes.sendEnterpriseMembersInvitations, async ({ principal, params, body }) => {
  const { org } = await requireOrgAdmin(principal, params.orgId);
  await inviteMembers(org, body.invites.map((i) => i.email));
  return { members: memberList(await orgsRepo.listMembers(org.orgId)) };
});
