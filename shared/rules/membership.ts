import type { OrgRole, OrgStatus } from '../domain/account';

type MemberState = { orgRole: OrgRole; orgStatus: OrgStatus };

/**
 * A pending invitation: a member row still `invited`, never the admin's own row. The orgs
 * repository's conditional writes spell the same condition from these two values.
 */
export const PENDING_INVITE = { orgStatus: 'invited', notOrgRole: 'admin' } as const satisfies {
  orgStatus: OrgStatus; notOrgRole: OrgRole;
};

export const isPendingInvite = (m: MemberState): boolean =>
  m.orgStatus === PENDING_INVITE.orgStatus && m.orgRole !== PENDING_INVITE.notOrgRole;

/** Memberships that count as the user's organisation: active or deactivated (not invitations, not archived). */
const countedMembershipStatuses = ['active', 'deactivated'] as const satisfies readonly OrgStatus[];

export const isCountedMembership = (m: Pick<MemberState, 'orgStatus'>): boolean =>
  (countedMembershipStatuses as readonly OrgStatus[]).includes(m.orgStatus);

/** The organisation's active admin: the one who manages members and billing. */
export const isActiveOrgAdmin = (m: MemberState): boolean => m.orgRole === 'admin' && m.orgStatus === 'active';
