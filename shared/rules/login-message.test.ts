import { describe, expect, it } from 'vitest';
import { LoginMessage } from '../domain/login-message';
import type { Subscription } from '../domain/subscription';
import { buildLoginMessage, shouldRebroadcastLoginSuccess } from './login-message';

const sub: Subscription = {
  id: 'sub_1', status: 'trialing', amount: 1200, current_period_start: 1_700_000_000, current_period_end: 1_700_604_800,
  trial_start: 1_700_000_000, trial_end: 1_700_604_800, interval: 'year', interval_count: 1, cancel_at_period_end: false, created: 1_699_999_990,
};

describe('buildLoginMessage', () => {
  it('describes a subscriber', () => {
    const m = buildLoginMessage({ userId: 'u1', orgId: null, subscription: sub });
    expect(m).toEqual({ userId: 'u1', orgId: '', expires: 1_700_604_800, status: 'trialing', sub_created: 1_699_999_990 });
    expect(LoginMessage.parse(m)).toEqual(m);
  });
  it('falls back to the trial or period start when the creation time is unknown', () => {
    expect(buildLoginMessage({ userId: 'u1', orgId: null, subscription: { ...sub, created: undefined } }).sub_created).toBe(1_700_000_000);
    expect(buildLoginMessage({ userId: 'u1', orgId: null, subscription: { ...sub, created: undefined, trial_start: null, current_period_start: 5 } }).sub_created).toBe(5);
  });
  it('describes a free user with empty fields', () => {
    expect(buildLoginMessage({ userId: 'u2', orgId: 'org_1', subscription: null })).toEqual({ userId: 'u2', orgId: 'org_1', expires: 0, status: '', sub_created: 0 });
  });
  it('adds show_experimental only when asked', () => {
    expect(buildLoginMessage({ userId: 'u', orgId: null, subscription: null }, true).show_experimental).toBe(true);
    expect(buildLoginMessage({ userId: 'u', orgId: null, subscription: null }, false).show_experimental).toBe(false);
    expect('show_experimental' in buildLoginMessage({ userId: 'u', orgId: null, subscription: null })).toBe(false);
  });
});

describe('shouldRebroadcastLoginSuccess', () => {
  it('re-broadcasts a present status that is not canceled', () => {
    expect(shouldRebroadcastLoginSuccess('active')).toBe(true);
    expect(shouldRebroadcastLoginSuccess('trialing')).toBe(true);
    expect(shouldRebroadcastLoginSuccess('canceled')).toBe(false);
    expect(shouldRebroadcastLoginSuccess('')).toBe(false);
    expect(shouldRebroadcastLoginSuccess(undefined)).toBe(false);
  });
});
