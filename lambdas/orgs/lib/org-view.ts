import type { Member, Organization } from '#shared/domain/organization';
import type { MemberRow, OrgRow } from '../../adapters/orgs-repo';

/** The organisation as its admin sees it (no Stripe ids, no counters). */
export const toOrganization = (org: OrgRow): Organization => ({
  orgId: org.orgId,
  name: org.name,
  seats: org.seats ?? null,
  subscription: org.subscription ?? null,
  adminEmail: org.adminEmail,
});

/** A member row as the API shows it: never the invitation's hash or expiry. */
export const toMember = (row: MemberRow): Member => ({
  userId: row.memberUserId,
  email: row.email,
  orgRole: row.orgRole,
  orgStatus: row.orgStatus,
});

/** Admins first, then by e-mail. */
export const memberList = (rows: readonly MemberRow[]): Member[] =>
  [...rows]
    .sort((a, b) => (a.orgRole === b.orgRole ? a.email.localeCompare(b.email) : a.orgRole === 'admin' ? -1 : 1))
    .map(toMember);
