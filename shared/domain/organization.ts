import * as z from 'zod';
import { OrgRole, OrgStatus } from './account';
import { Subscription } from './subscription';

export const Organization = z.object({
  orgId: z.string(),
  name: z.string(),
  seats: z.number().int().nonnegative().nullable(),
  subscription: Subscription.nullable(),
  adminEmail: z.string(),
});
export type Organization = z.infer<typeof Organization>;

export const Member = z.object({
  userId: z.string(),
  email: z.string(),
  /** The name the member goes by, when they have an account and set one. */
  name: z.string().optional(),
  orgRole: OrgRole,
  orgStatus: OrgStatus,
});
export type Member = z.infer<typeof Member>;

/**
 * What an organisation admin may do to a member row (spec 000, section 4): an invitation can be
 * resent or deleted (revoked); an active member deactivated; a deactivated member reactivated;
 * archived members and admin rows have no actions.
 */
export const MEMBER_ACTIONS = ['resend', 'delete', 'deactivate', 'reactivate'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

const actionsByStatus: Record<OrgStatus, readonly MemberAction[]> = {
  invited: ['resend', 'delete'],
  active: ['deactivate'],
  deactivated: ['reactivate'],
  archived: [],
};

export function memberActions(member: Pick<Member, 'orgRole' | 'orgStatus'>): readonly MemberAction[] {
  return member.orgRole === 'admin' ? [] : actionsByStatus[member.orgStatus];
}

/** The status changes `updateEnterpriseMemberStatus` makes: active → deactivated, deactivated → active. */
export const STATUS_CHANGES: readonly { from: OrgStatus; to: OrgStatus }[] = [
  { from: 'active', to: 'deactivated' },
  { from: 'deactivated', to: 'active' },
];

export const isAllowedStatusChange = (from: OrgStatus, to: OrgStatus): boolean =>
  STATUS_CHANGES.some((c) => c.from === from && c.to === to);
