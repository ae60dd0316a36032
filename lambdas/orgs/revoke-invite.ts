import { routes } from '#shared/api/routes';
import { orgsRepo } from '../adapters/orgs-repo';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { requireActionableMember } from './lib/member-rules';
import { requireOrgAdmin } from './lib/org-access';
import { releaseSeats } from './lib/seat-ledger';

/**
 * DELETE /orgs/{orgId}/invitations/{userId}: deletes a pending invitation (its token dies with the
 * item) and frees its seat. Only invitations: active, deactivated and archived members are 409.
 */
export const handler = defineHandler(routes.revokeEnterpriseMemberInvite, async ({ principal, params }) => {
  const { org } = await requireOrgAdmin(principal, params.orgId);
  const member = await requireActionableMember(org.orgId, params.userId);
  if (member.orgStatus !== 'invited') {
    throw new DomainError('invalid_transition', `Only pending invitations can be deleted; this member is ${member.orgStatus}.`);
  }
  const removed = await orgsRepo.deleteInvite(org.orgId, member.memberUserId);
  if (!removed) throw new DomainError('conflict', 'The invitation is being accepted or has just changed. Reload the members list.');
  // An acceptance that stopped after writing the new active item has already moved the seat there.
  const movedTo = removed.acceptedBy ? await orgsRepo.getMember(org.orgId, removed.acceptedBy) : undefined;
  if (movedTo?.orgStatus !== 'active') await releaseSeats(org.orgId, 1);
  return { ok: true as const };
});
