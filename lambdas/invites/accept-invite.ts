import { routes } from '#shared/api/routes';
import { memberSk, orgsRepo, type MemberRow, type OrgRow } from '../adapters/orgs-repo';
import { usersRepo, type UserRow } from '../adapters/users-repo';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { hashSecretToken } from '../lib/secret-token';
import { belongsToAnotherOrg } from '../orgs/lib/org-access';
import { findInvite, inviteNotFound, nowSeconds } from './lib/find-invite';
import { inviteeAccount } from './lib/invitee-account';

/**
 * An invitation kept under a stand-in id moves to the invitee's real user id, without
 * transactions: claim the old item (token checked, only this user may finish), write the active
 * item, delete the old one. The seat stays reserved throughout (invited and active both hold one).
 */
async function moveInvite(org: OrgRow, invite: MemberRow, user: UserRow, tokenHash: string): Promise<void> {
  if (!(await orgsRepo.claimInvite(org.orgId, invite.memberUserId, tokenHash, nowSeconds(), user.userId))) throw inviteNotFound();
  const now = new Date().toISOString();
  const row: MemberRow = {
    orgId: org.orgId, sk: memberSk(user.userId), memberUserId: user.userId, email: user.email, orgRole: 'member',
    orgStatus: 'active', created: invite.created, updated: now,
  };
  if (!(await orgsRepo.createMember(row))) {
    const current = await orgsRepo.getMember(org.orgId, user.userId);
    // A retry after a failure half-way finds its own active item; anything else is a real clash.
    if (current?.orgStatus !== 'active') {
      throw new DomainError('conflict', `This account is already listed in ${org.name} as ${current?.orgStatus ?? 'a member'}.`);
    }
  }
  // Gone already means a concurrent call of this same acceptance deleted it: a revoke cannot
  // delete a claimed item until the claim is CLAIM_TTL_SECONDS old, far beyond any API timeout.
  await orgsRepo.deleteInvite(org.orgId, invite.memberUserId, { acceptedBy: user.userId });
}

/**
 * POST /invites/accept {sub, token, newAccountPassword}: joins the organisation. The token proves
 * the invited e-mail; an invitee without an account chooses its password here (checked with the
 * product's password rule). The user row is linked to the organisation and the member becomes
 * active, so the account shows the organisation's Enterprise subscription. Expired, used and wrong
 * tokens: 404 'invite not found'.
 */
export const handler = defineHandler(routes.acceptInvite, async ({ body }) => {
  const { org, member } = await findInvite(body.sub, body.token);
  const tokenHash = hashSecretToken(body.token);
  const user = await inviteeAccount(member.email, org.orgId, body.newAccountPassword ?? null);
  if (await belongsToAnotherOrg(user, org.orgId)) {
    throw new DomainError('conflict', 'This account already belongs to another organization. Contact its administrator first.');
  }
  // Linking first is harmless: the account counts as a member only once the item is active.
  if (user.orgId !== org.orgId) await usersRepo.update(user.userId, { orgId: org.orgId });

  if (member.memberUserId === user.userId) {
    if (!(await orgsRepo.activateInvite(org.orgId, user.userId, tokenHash, nowSeconds()))) throw inviteNotFound();
  } else {
    await moveInvite(org, member, user, tokenHash);
  }
  logger.info('invitation accepted', { orgId: org.orgId, userId: user.userId, moved: member.memberUserId !== user.userId });
  return { orgId: org.orgId, email: user.email };
});
