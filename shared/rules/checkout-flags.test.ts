import { describe, expect, it } from 'vitest';
import { checkoutFlagsFromHash } from './checkout-flags';

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
