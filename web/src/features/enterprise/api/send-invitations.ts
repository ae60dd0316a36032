import { routes } from '#shared/api/routes';
import type { Member } from '#shared/domain/organization';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /orgs/{orgId}/invitations: invites new addresses (one seat each) and re-sends pending
 * invitations (the Resend action: new link, no extra seat). Answers the member list afterwards.
 */
export async function sendEnterpriseMembersInvitations(orgId: string, emails: readonly string[]): Promise<Member[]> {
  return (await apiCall(routes.sendEnterpriseMembersInvitations, { params: { orgId }, body: { invites: emails.map((email) => ({ email })) } }))
    .members;
}
