import { describe, expect, it } from 'vitest';
import { isPremiumEntitled } from './premium-entitlement';

const now = Date.UTC(2030, 0, 1);
const future = now / 1000 + 3600;
const past = now / 1000 - 1;

describe('isPremiumEntitled', () => {
  it.each(['trialing', 'active', 'past_due'])('grants %s before expiry', (status) => {
    expect(isPremiumEntitled({ status, expires: future }, now)).toBe(true);
  });
  it.each(['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused', ''])('refuses %s', (status) => {
    expect(isPremiumEntitled({ status, expires: future }, now)).toBe(false);
  });
  it('refuses an expired period', () => {
    expect(isPremiumEntitled({ status: 'active', expires: past }, now)).toBe(false);
    expect(isPremiumEntitled({ status: 'active', expires: now / 1000 }, now)).toBe(false);
  });
  it('refuses a missing login (logged out)', () => {
    expect(isPremiumEntitled(null, now)).toBe(false);
    expect(isPremiumEntitled(undefined, now)).toBe(false);
  });
});
