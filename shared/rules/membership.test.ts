import { describe, expect, it } from 'vitest';
import { OrgRole, OrgStatus } from '../domain/account';
import { isActiveOrgAdmin, isCountedMembership, isPendingInvite } from './membership';

/** Every role and status, and the three answers. */
const TABLE: [OrgRole, OrgStatus, { pending: boolean; counted: boolean; activeAdmin: boolean }][] = [
  ['member', 'invited', { pending: true, counted: false, activeAdmin: false }],
  ['member', 'active', { pending: false, counted: true, activeAdmin: false }],
  ['member', 'deactivated', { pending: false, counted: true, activeAdmin: false }],
  ['member', 'archived', { pending: false, counted: false, activeAdmin: false }],
  ['admin', 'invited', { pending: false, counted: false, activeAdmin: false }],
  ['admin', 'active', { pending: false, counted: true, activeAdmin: true }],
  ['admin', 'deactivated', { pending: false, counted: true, activeAdmin: false }],
  ['admin', 'archived', { pending: false, counted: false, activeAdmin: false }],
];

describe('membership rules', () => {
  it('the table covers every role and status', () => {
    expect(TABLE.length).toBe(OrgRole.options.length * OrgStatus.options.length);
  });
  it.each(TABLE)('%s %s', (orgRole, orgStatus, want) => {
    const m = { orgRole, orgStatus };
    expect({ pending: isPendingInvite(m), counted: isCountedMembership(m), activeAdmin: isActiveOrgAdmin(m) }).toEqual(want);
  });
});
