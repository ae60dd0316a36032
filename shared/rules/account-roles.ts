import type { Account } from '../domain/account';
import { holdsSubscription } from '../domain/subscription';

/**
 * The roles the site's authorization policies speak of. `subscriber` is the spec's "Premium
 * subscriber": holds a subscription that has not ended (manages cancel, renewal and card), which
 * is not the same as having the Premium tools (`unlocksPremiumTools`, e.g. not while `unpaid`).
 */
export type Role = 'user' | 'staff' | 'orgAdmin' | 'orgMember' | 'subscriber';

type RoleSubject = Pick<Account, 'isStaff' | 'orgId' | 'orgRole' | 'orgStatus' | 'type' | 'subscription'>;

/** Spec: organisation details (and the enterprise area) are for orgRole 'admin' with an orgId. */
export const isOrgAdmin = (a: Pick<Account, 'orgId' | 'orgRole'>): boolean => a.orgRole === 'admin' && !!a.orgId;

/** A member of an organisation (not its admin): told to contact the administrator. */
export const isOrgMember = (a: Pick<Account, 'orgId' | 'orgRole' | 'type'>): boolean =>
  !!a.orgId && a.type === 'organization' && a.orgRole === 'member';

/** The roles a signed-in account holds; none for a signed-out visitor. */
export function rolesOf(account: RoleSubject | null | undefined): Role[] {
  if (!account) return [];
  const roles: Role[] = ['user'];
  if (account.isStaff) roles.push('staff');
  if (isOrgAdmin(account)) roles.push('orgAdmin');
  if (isOrgMember(account)) roles.push('orgMember');
  if (holdsSubscription(account.subscription)) roles.push('subscriber');
  return roles;
}
