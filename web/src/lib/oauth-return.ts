/**
 * True when the address is the hosted login coming back with its code (`?code=…&state=…` on
 * /auth/signin): Amplify is about to exchange it for tokens, so no stored session yet does not mean
 * signed out.
 */
export function isOAuthReturn(search: string | undefined = globalThis.location?.search): boolean {
  const params = new URLSearchParams(search ?? '');
  return params.has('code') && params.has('state');
}
