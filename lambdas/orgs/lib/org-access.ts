import { isActiveOrgAdmin, isCountedMembership } from '#shared/rules/membership';
import { orgsRepo, type MemberRow, type OrgRow } from '../../adapters/orgs-repo';
import type { UserRow } from '../../adapters/users-repo';
import { forbidden } from '../../lib/errors';
import type { Principal } from '../../lib/principal';

const NOT_THE_ORG_ADMIN = "Only the organization's administrator can do this.";

/**
 * The organisation and the caller's admin row, if the caller is the active admin of `orgId`.
 * Anyone else (a member, another organisation's admin, a stranger; or an organisation that does
 * not exist) gets the same 403, so the answer tells nothing about other organisations.
 */
export async function requireOrgAdmin(principal: Principal, orgId: string): Promise<{ org: OrgRow; admin: MemberRow }> {
  const [org, member] = await Promise.all([orgsRepo.getOrg(orgId), orgsRepo.getMember(orgId, principal.userId)]);
  if (!org || !member || !isActiveOrgAdmin(member)) throw forbidden(NOT_THE_ORG_ADMIN);
  return { org, admin: member };
}

/**
 * Is the user active or deactivated in an organisation other than `orgId`? A user belongs to at
 * most one organisation (the user row holds one `orgId`).
 */
export async function belongsToAnotherOrg(user: Pick<UserRow, 'userId' | 'orgId'>, orgId: string): Promise<boolean> {
  if (!user.orgId || user.orgId === orgId) return false;
  const m = await orgsRepo.getMember(user.orgId, user.userId);
  return !!m && isCountedMembership(m);
}
