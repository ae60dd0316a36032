import { describe, expect, it } from 'vitest';
import { checkoutFlagsFromHash, checkoutTrialDays, QUICK_TRIAL_DAYS, TRIAL_DAYS } from './checkout-flags';

describe('checkout hash flags', () => {
  it('maps #test, #limit and #nolimit to quick_trial, limit and no_limit', () => {
    expect(checkoutFlagsFromHash('#test')).toEqual({ quick_trial: true });
    expect(checkoutFlagsFromHash('#limit')).toEqual({ limit: true });
    expect(checkoutFlagsFromHash('#nolimit')).toEqual({ no_limit: true });
  });

  it('combines several and ignores unknown words and case', () => {
    expect(checkoutFlagsFromHash('#test#limit')).toEqual({ quick_trial: true, limit: true });
    expect(checkoutFlagsFromHash('#TEST,nolimit')).toEqual({ quick_trial: true, no_limit: true });
    expect(checkoutFlagsFromHash('#pricing')).toEqual({});
    expect(checkoutFlagsFromHash('')).toEqual({});
    expect(checkoutFlagsFromHash(null)).toEqual({});
  });
});

describe('checkout trial length', () => {
  const fresh = { env: 'dev', hadSubscriptionBefore: false };
  it('is 7 days by default', () => {
    expect(TRIAL_DAYS).toBe(7);
    expect(checkoutTrialDays({}, fresh)).toBe(7);
    expect(checkoutTrialDays({}, { env: 'master', hadSubscriptionBefore: true })).toBe(7);
  });

  it('is 1 day with quick_trial, outside master only', () => {
    expect(checkoutTrialDays({ quick_trial: true }, fresh)).toBe(QUICK_TRIAL_DAYS);
    expect(checkoutTrialDays({ quick_trial: true }, { env: 'local', hadSubscriptionBefore: false })).toBe(1);
    expect(checkoutTrialDays({ quick_trial: true }, { env: 'master', hadSubscriptionBefore: false })).toBe(7);
  });

  it('limit gives no second trial to a returning customer; no_limit lifts it', () => {
    expect(checkoutTrialDays({ limit: true }, fresh)).toBe(7);
    expect(checkoutTrialDays({ limit: true }, { env: 'dev', hadSubscriptionBefore: true })).toBeNull();
    expect(checkoutTrialDays({ limit: true, no_limit: true }, { env: 'dev', hadSubscriptionBefore: true })).toBe(7);
  });
});
