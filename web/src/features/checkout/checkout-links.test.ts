import { describe, expect, it } from 'vitest';
import { checkoutLinks } from './checkout-links';

describe('checkoutLinks', () => {
  it('comes back to the checkout with the query and the test-flag hash', () => {
    const l = checkoutLinks('/checkout', '?checkout_method=B', '#test');
    expect(l.payment).toBe('/checkout/payment?checkout_method=B#test');
    expect(l.signIn).toBe(`/auth/signin?redirectPath=${encodeURIComponent('/checkout?checkout_method=B#test')}`);
    expect(l.signUp).toBe(`/auth/signin?mode=signup&redirectPath=${encodeURIComponent('/checkout?checkout_method=B#test')}`);
    expect(l.switchUser).toBe(`/auth/signout?redirectPath=${encodeURIComponent(l.signIn)}`);
  });

  it('drops checkout=cancel but keeps a checkout=success return with its session id', () => {
    expect(checkoutLinks('/checkout', '?checkout=cancel', '').signIn).toBe('/auth/signin?redirectPath=%2Fcheckout');
    expect(checkoutLinks('/buy', '?checkout=success&session_id=cs_1', '').signIn).toBe(
      `/auth/signin?redirectPath=${encodeURIComponent('/buy?checkout=success&session_id=cs_1')}`,
    );
  });
});
