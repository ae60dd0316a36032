import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STAGE_TITLES, CHECKOUT_STAGES, checkoutReturnUrls, checkoutStepNumber, isAlreadySubscribed,
  parseCheckoutStage, resolveCheckoutStage,
} from './checkout-stage';

const input = (over: Partial<Parameters<typeof resolveCheckoutStage>[0]>) =>
  resolveCheckoutStage({ slug: undefined, auth: 'signedIn', checkout: null, canceled: false, ...over });

describe('checkout stages', () => {
  it('numbers the stages in order, as the step indicator shows them (spec text)', () => {
    const indicator = CHECKOUT_STAGES.map((s) => `${checkoutStepNumber(s)}. ${CHECKOUT_STAGE_TITLES[s]}`).join(' ');
    expect(indicator).toBe('1. Sign Up 2. Billing 3. Success!');
  });

  it('parses slugs', () => {
    expect(parseCheckoutStage('success')).toBe('success');
    expect(parseCheckoutStage('other')).toBeNull();
    expect(parseCheckoutStage(undefined)).toBeNull();
  });

  it('waits while authentication loads and calls an unknown state an error', () => {
    expect(input({ auth: 'loading' })).toEqual({ type: 'loading' });
    expect(input({ auth: 'weird' })).toEqual({ type: 'error', message: 'Unknown authentication state: weird' });
  });

  it('forces signed-out visitors to the account stage', () => {
    expect(input({ auth: 'signedOut', slug: 'payment' })).toEqual({ type: 'redirect', stage: 'account' });
    expect(input({ auth: 'signedOut', slug: 'success', checkout: 'success' })).toEqual({ type: 'redirect', stage: 'account' });
    expect(input({ auth: 'signedOut', slug: 'account' })).toEqual({ type: 'show', stage: 'account' });
    expect(input({ auth: 'signedOut', slug: '' })).toEqual({ type: 'redirect', stage: 'account' });
  });

  it('moves signed-in users on to payment unless they cancelled', () => {
    expect(input({ slug: 'account' })).toEqual({ type: 'redirect', stage: 'payment' });
    expect(input({ slug: undefined })).toEqual({ type: 'redirect', stage: 'payment' });
    expect(input({ slug: 'account', checkout: 'cancel', canceled: true })).toEqual({ type: 'show', stage: 'account' });
    expect(input({ slug: undefined, canceled: true })).toEqual({ type: 'redirect', stage: 'account' });
    expect(input({ slug: 'payment' })).toEqual({ type: 'show', stage: 'payment' });
  });

  it('goes to the success stage on checkout=success', () => {
    expect(input({ slug: 'success', checkout: 'success' })).toEqual({ type: 'show', stage: 'success' });
    expect(input({ slug: 'payment', checkout: 'success' })).toEqual({ type: 'redirect', stage: 'success' });
    expect(input({ slug: 'success' })).toEqual({ type: 'show', stage: 'success' });
  });

  it('treats a present, non-ended status as already subscribed', () => {
    expect(isAlreadySubscribed(null)).toBe(false);
    expect(isAlreadySubscribed({ status: 'canceled' })).toBe(false);
    expect(isAlreadySubscribed({ status: 'incomplete_expired' })).toBe(false);
    for (const status of ['trialing', 'active', 'past_due', 'unpaid', 'incomplete'] as const) {
      expect(isAlreadySubscribed({ status })).toBe(true);
    }
  });

  it('builds the return URLs', () => {
    expect(checkoutReturnUrls('http://site')).toEqual({
      success_url: 'http://site/checkout/success?checkout=success',
      cancel_url: 'http://site/checkout/account?checkout=cancel',
    });
  });
});
