import { Amplify } from 'aws-amplify';
import {
  fetchAuthSession, fetchUserAttributes, getCurrentUser, signInWithRedirect, signOut,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import {
  amplifyAuthConfig, errorText, getAuthState, parseCustomState, setAuthState, toAuthUser, type AuthUser,
} from './auth';
import { loadRuntimeConfig } from './runtime-config';

/**
 * The part of lib/auth.ts that needs Amplify (about 41 KB gzip). auth.ts imports it on first use,
 * so a page that reads the auth state renders before Amplify has downloaded.
 */

async function loadUser(): Promise<AuthUser | null> {
  let userId: string;
  try {
    userId = (await getCurrentUser()).userId;
  } catch {
    return null; // not signed in
  }
  try {
    return toAuthUser(userId, await fetchUserAttributes());
  } catch {
    // The attributes call needs the admin scope; the ID token carries the same claims.
    const payload = (await fetchAuthSession()).tokens?.idToken?.payload ?? {};
    return toAuthUser(userId, payload as Record<string, unknown>);
  }
}

async function refresh(signedInNow = false): Promise<void> {
  const user = await loadUser();
  setAuthState(
    user
      ? { status: 'signedIn', user, justSignedIn: getAuthState().justSignedIn || signedInNow, error: null }
      : { status: 'signedOut', user: null, justSignedIn: false },
  );
}

/** Configures Amplify from the runtime config and follows its auth events (auth.ts calls it once). */
export async function startAmplifyAuth(): Promise<void> {
  // Listen before configuring: the hosted-UI code exchange starts inside configure().
  Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
      case 'signInWithRedirect':
        void refresh(true);
        break;
      case 'customOAuthState':
        setAuthState({ oauthRedirectPath: parseCustomState((payload as { data?: unknown }).data) });
        break;
      case 'signInWithRedirect_failure':
        setAuthState({ status: 'signedOut', user: null, error: errorText((payload as { data?: { error?: unknown } }).data?.error) });
        break;
      case 'signedOut':
      case 'tokenRefresh_failure':
        setAuthState({ status: 'signedOut', user: null, justSignedIn: false });
        break;
    }
  });
  const config = await loadRuntimeConfig();
  if (config.auth.mode === 'hosted') await import('aws-amplify/auth/enable-oauth-listener');
  Amplify.configure({ Auth: amplifyAuthConfig(config) });
  await refresh();
}

export async function accessToken(): Promise<string | undefined> {
  try {
    return (await fetchAuthSession()).tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
}

export const hostedSignIn = (customState: string) => signInWithRedirect({ customState });

export const amplifySignOut = () => signOut();
