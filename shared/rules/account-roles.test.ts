import { describe, expect, it } from 'vitest';
import type { Account } from '../domain/account';
import { isOrgAdmin, isOrgMember, rolesOf } from './account-roles';

const base: Pick<Account, 'isStaff' | 'orgId' | 'orgRole' | 'orgStatus' | 'type' | 'subscription'> = {
  isStaff: false, orgId: null, orgRole: null, orgStatus: null, type: 'user', subscription: null,
};
const sub = (status: 'trialing' | 'canceled') => ({
  id: 's', status, amount: 1200, current_period_start: 0, current_period_end: 1, trial_start: null, trial_end: null,
  interval: 'year' as const, interval_count: 1, cancel_at_period_end: false,
});

describe('rolesOf', () => {
  it('gives a free user only "user"', () => expect(rolesOf(base)).toEqual(['user']));
  it('gives nothing to a visitor', () => expect(rolesOf(null)).toEqual([]));
  it('adds staff and subscriber', () => {
    expect(rolesOf({ ...base, isStaff: true, subscription: sub('trialing') })).toEqual(['user', 'staff', 'subscriber']);
    expect(rolesOf({ ...base, subscription: sub('canceled') })).toEqual(['user']);
  });
  it('tells org admins from org members', () => {
    const admin = { ...base, orgId: 'o1', orgRole: 'admin' as const, orgStatus: 'active' as const, type: 'organization' as const };
    const member = { ...admin, orgRole: 'member' as const };
    expect(rolesOf(admin)).toEqual(['user', 'orgAdmin']);
    expect(rolesOf(member)).toEqual(['user', 'orgMember']);
    expect(isOrgAdmin({ orgId: null, orgRole: 'admin' })).toBe(false);
    expect(isOrgMember({ orgId: 'o1', orgRole: 'member', type: 'user' })).toBe(false);
  });
});
