import { describe, expect, it } from 'vitest';
import { isTrialEligible, trialDaysFor } from './trial-eligibility';

describe('one free trial per customer', () => {
  it('is eligible only without any earlier subscription, in Stripe or on the row', () => {
    expect(isTrialEligible({ stripeSubscriptions: 0, storedSubscription: false })).toBe(true);
    expect(isTrialEligible({ stripeSubscriptions: 1, storedSubscription: false })).toBe(false);
    expect(isTrialEligible({ stripeSubscriptions: 0, storedSubscription: true })).toBe(false);
  });

  it('counts an earlier customer with the same e-mail (account deleted and made again)', () => {
    expect(isTrialEligible({ stripeSubscriptions: 0, storedSubscription: false, emailSubscriptions: 1 })).toBe(false);
    expect(isTrialEligible({ stripeSubscriptions: 0, storedSubscription: false, emailSubscriptions: 0 })).toBe(true);
  });

  it('gives 7 days to an eligible customer and none to a returning one, whatever the flags say', () => {
    expect(trialDaysFor({}, { env: 'dev', eligible: true })).toBe(7);
    expect(trialDaysFor({}, { env: 'dev', eligible: false })).toBeNull();
    const pushy = { quick_trial: true, no_limit: true } as { quick_trial: boolean };
    expect(trialDaysFor(pushy, { env: 'dev', eligible: false })).toBeNull();
  });

  it('shortens an eligible trial to 1 day with quick_trial, outside master only', () => {
    expect(trialDaysFor({ quick_trial: true }, { env: 'dev', eligible: true })).toBe(1);
    expect(trialDaysFor({ quick_trial: true }, { env: 'master', eligible: true })).toBe(7);
  });
});
