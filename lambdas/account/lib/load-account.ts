import type { Account } from '#shared/domain/account';
import type { Payment } from '#shared/domain/subscription';
import { isCountedMembership } from '#shared/rules/membership';
import { orgsRepo } from '../../adapters/orgs-repo';
import { usersRepo, type UserRow } from '../../adapters/users-repo';
import { DomainError } from '../../lib/errors';
import { toAccount, type OrgLink } from './account-view';

/** The user row, or the retry code while the PostConfirmation trigger has not written it yet. */
export async function requireUserRow(userId: string): Promise<UserRow> {
  const user = await usersRepo.get(userId);
  if (!user) throw new DomainError('account_not_ready', 'Your account is being created. Please retry.');
  return user;
}

/** The organisation link that counts: active or deactivated memberships (not invitations). */
export async function orgLinkOf(user: UserRow): Promise<OrgLink | undefined> {
  if (!user.orgId) return undefined;
  const [org, member] = await Promise.all([orgsRepo.getOrg(user.orgId), orgsRepo.getMember(user.orgId, user.userId)]);
  if (!org || !member || !isCountedMembership(member)) return undefined;
  return { org, member };
}

export async function loadAccount(user: UserRow, payments?: Payment[]): Promise<Account> {
  return toAccount(user, await orgLinkOf(user), payments);
}
