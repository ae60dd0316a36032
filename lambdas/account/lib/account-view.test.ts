import { describe, expect, it } from 'vitest';
import type { Subscription } from '#shared/domain/subscription';
import type { MemberRow, OrgRow } from '../../adapters/orgs-repo';
import type { UserRow } from '../../adapters/users-repo';
import { toAccount } from './account-view';

const now = '2026-11-22T00:00:00.000Z';
const sub: Subscription = {
  id: 'sub_1', status: 'active', plan: 'enterprise', amount: 6000, quantity: 5, current_period_start: 1, current_period_end: 2,
  trial_start: null, trial_end: null, interval: 'year', interval_count: 1, cancel_at_period_end: false,
};
const user: UserRow = { userId: 'u1', email: 'm@acme.example', loginMethod: 'email', orgId: 'o1', created: now, updated: now };
const org: OrgRow = {
  orgId: 'o1', sk: 'ORG', name: 'Acme', seats: 5, seatsUsed: 2, adminEmail: 'a@acme.example', adminUserId: 'a', subscription: sub,
  stripeCustomerId: 'cus_org', created: now, updated: now,
};
const member = (orgStatus: MemberRow['orgStatus']): MemberRow => ({
  orgId: 'o1', sk: 'MEMBER#u1', memberUserId: 'u1', email: user.email, orgRole: 'member', orgStatus, created: now, updated: now,
});

describe('toAccount', () => {
  it("gives an active member the organisation's plan", () => {
    expect(toAccount(user, { org, member: member('active') })).toMatchObject({ type: 'organization', status: 'active', orgName: 'Acme' });
  });

  it('answers a deactivated member as an individual (no seat, no org plan), keeping the org fields to tell them', () => {
    const a = toAccount(user, { org, member: member('deactivated') });
    expect(a).toMatchObject({
      type: 'user', orgStatus: 'deactivated', orgName: 'Acme', orgAdminEmail: 'a@acme.example', status: null, subscription: null,
      customerId: null, card: null, trialEligible: true,
    });
  });

  it('gives a deactivated member their own Premium, and no second trial after one', () => {
    const own: Subscription = { ...sub, id: 'sub_own', plan: 'premium', amount: 1200, quantity: 1, status: 'canceled' };
    const a = toAccount({ ...user, stripeCustomerId: 'cus_me', subscription: own }, { org, member: member('deactivated') });
    expect(a).toMatchObject({ type: 'user', customerId: 'cus_me', subscription: { id: 'sub_own' }, trialEligible: false });
  });
});
