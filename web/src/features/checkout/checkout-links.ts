import { CHECKOUT_QUERY } from '#shared/rules/checkout-stage';
import { paths } from '../../config/paths';

export interface CheckoutLinks {
  payment: string;
  signUp: string;
  signIn: string;
  switchUser: string;
}

/**
 * Links of the account stage. Sign-in and sign-up come back to the checkout with the same query
 * (a checkout=success return keeps its session_id, so it is completed after sign-in; a
 * checkout=cancel flag is dropped) and the hash with its test flags; a signed-in user is then
 * moved on to payment.
 */
export function checkoutLinks(prefix: string, search: string, hash: string): CheckoutLinks {
  const params = new URLSearchParams(search);
  if (params.get(CHECKOUT_QUERY.checkout) !== 'success') {
    params.delete(CHECKOUT_QUERY.checkout);
    params.delete(CHECKOUT_QUERY.sessionId);
  }
  const query = params.toString() ? `?${params.toString()}` : '';
  const back = `${prefix}${query}${hash}`;
  const signIn = `${paths.authSignIn.href()}?redirectPath=${encodeURIComponent(back)}`;
  return {
    payment: `${prefix}/payment${query}${hash}`,
    signUp: `${paths.authSignIn.href()}?mode=signup&redirectPath=${encodeURIComponent(back)}`,
    signIn,
    switchUser: `${paths.authSignOut.href()}?redirectPath=${encodeURIComponent(signIn)}`,
  };
}
