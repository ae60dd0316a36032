import { INVITE_NOT_FOUND } from '#shared/domain/invite';
import { isPendingInvite } from '#shared/rules/membership';
import { orgsRepo, type MemberRow, type OrgRow } from '../../adapters/orgs-repo';
import { notFound } from '../../lib/errors';
import { secretTokenMatches } from '../../lib/secret-token';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The one answer for an unknown, wrong, used, revoked or expired invitation: 404 'invite not found'. */
export const inviteNotFound = () => notFound(INVITE_NOT_FOUND);

/**
 * The pending invitation that `sub` and `token` name. The member index finds the item; it is then
 * read again consistently, and the token (constant-time hash compare) and the expiry are checked
 * in code (dynalite has no TTL, and TTL deletion is late anyway).
 */
export async function findInvite(sub: string, token: string, now = nowSeconds()): Promise<{ org: OrgRow; member: MemberRow }> {
  const candidates = (await orgsRepo.membershipsOf(sub)).filter(isPendingInvite);
  for (const candidate of candidates) {
    const member = await orgsRepo.getMember(candidate.orgId, candidate.memberUserId);
    if (!member || !isPendingInvite(member)) continue;
    if (!secretTokenMatches(token, member.inviteTokenHash)) continue;
    if (typeof member.inviteExpiresAt !== 'number' || member.inviteExpiresAt <= now) continue;
    const org = await orgsRepo.getOrg(member.orgId);
    if (org) return { org, member };
  }
  throw inviteNotFound();
}
