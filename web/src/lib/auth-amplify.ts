import { Amplify } from 'aws-amplify';
import {
  fetchAuthSession, fetchUserAttributes, getCurrentUser, signInWithRedirect, signOut,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type {
  AuthUser, amplifyAuthConfig, errorText, getAuthState, parseCustomState, setAuthState, toAuthUser,
} from './auth';
import { loadRuntimeConfig } from './runtime-config';

/**
 * The part of lib/auth.ts that needs Amplify (about 41 KB gzip). auth.ts imports it on first use,
 * so a page that reads the auth state renders before Amplify has downloaded.
 *
 * auth.ts hands over its store and helpers when it starts this module (`startAmplifyAuth`), so this
 * chunk imports nothing of auth.ts at run time: no import cycle between the two.
 */
export interface AuthBinding {
  amplifyAuthConfig: typeof amplifyAuthConfig;
  errorText: typeof errorText;
  getAuthState: typeof getAuthState;
  parseCustomState: typeof parseCustomState;
  setAuthState: typeof setAuthState;
  toAuthUser: typeof toAuthUser;
}
let auth: AuthBinding;

async function loadUser(): Promise<AuthUser | null> {
  let userId: string;
  try {
    userId = (await getCurrentUser()).userId;
  } catch {
    return null; // not signed in
  }
  try {
    return auth.toAuthUser(userId, await fetchUserAttributes());
  } catch {
    // The attributes call needs the admin scope; the ID token carries the same claims.
    const payload = (await fetchAuthSession()).tokens?.idToken?.payload ?? {};
    return auth.toAuthUser(userId, payload as Record<string, unknown>);
  }
}

async function refresh(signedInNow = false): Promise<void> {
  const user = await loadUser();
  auth.setAuthState(
    user
      ? { status: 'signedIn', user, justSignedIn: auth.getAuthState().justSignedIn || signedInNow, error: null }
      : { status: 'signedOut', user: null, justSignedIn: false },
  );
}

/** Configures Amplify from the runtime config and follows its auth events (auth.ts calls it once). */
export async function startAmplifyAuth(binding: AuthBinding): Promise<void> {
  auth = binding;
  // Listen before configuring: the hosted-UI code exchange starts inside configure().
  Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
      case 'signInWithRedirect':
        void refresh(true);
        break;
      case 'customOAuthState':
        auth.setAuthState({ oauthRedirectPath: auth.parseCustomState((payload as { data?: unknown }).data) });
        break;
      case 'signInWithRedirect_failure':
        auth.setAuthState({ status: 'signedOut', user: null, error: auth.errorText((payload as { data?: { error?: unknown } }).data?.error) });
        break;
      case 'signedOut':
      case 'tokenRefresh_failure':
        auth.setAuthState({ status: 'signedOut', user: null, justSignedIn: false });
        break;
    }
  });
  const config = await loadRuntimeConfig();
  if (config.auth.mode === 'hosted') await import('aws-amplify/auth/enable-oauth-listener');
  Amplify.configure({ Auth: auth.amplifyAuthConfig(config) });
  await refresh();
}

/** New tokens (the ID token then carries changed attributes, e.g. the name), then the user again. */
export async function reloadUser(): Promise<void> {
  await fetchAuthSession({ forceRefresh: true }).catch(() => undefined);
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
