import { useEffect } from 'react';

/**
 * The sign-in form's chunk (Amplify UI, the largest on the site). The routes that show the form
 * start it as soon as they know the site signs in with a password, in parallel with Amplify's
 * check for a stored session, rather than once that check has said nobody is signed in.
 */
export const loadPasswordAuthenticator = () => import('./password-authenticator');

/** Starts loading the form's chunk once the runtime config says it signs in with a password. */
export function usePasswordAuthenticatorPreload(mode: string | undefined): void {
  useEffect(() => {
    if (mode === 'password') loadPasswordAuthenticator().catch(() => undefined); // shown by the lazy route if it fails
  }, [mode]);
}
