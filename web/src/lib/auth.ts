import { useSyncExternalStore } from 'react';
import { Amplify } from 'aws-amplify';
import {
  fetchAuthSession, fetchUserAttributes, getCurrentUser, signInWithRedirect, signOut as amplifySignOut,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { PASSWORD_MIN_LENGTH } from '#shared/rules/password-rule';
import { isSafeRedirectPath } from '#shared/rules/redirect-path';
import { loadRuntimeConfig } from './runtime-config';

/**
 * Authentication for the pages that need it (account, sign-in, sign-out, connect): Amplify v6
 * configured from the runtime config. Only lazily loaded routes import this module, so the
 * marketing pages never download Amplify.
 *
 * - `hosted` mode (AWS): Cognito managed login through `signInWithRedirect`; the OAuth custom
 *   state carries `{redirectPath}`.
 * - `password` mode (local): USER_PASSWORD_AUTH against cognito-local (it has no SRP).
 *
 * The auth state is a small external store fed by Amplify's Hub, read with `useAuth()`.
 */

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthUser {
  userId: string;
  email: string;
  /** What "Welcome {name}" shows: the name attribute, else the e-mail. */
  name: string;
  /** 'Email' for password accounts, else the social provider (from the identities attribute). */
  loginMethod: string;
  /** Signed in through a social provider: the e-mail cannot be changed here. */
  isSocial: boolean;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** A sign-in completed during this page's life (not merely restored from storage). */
  justSignedIn: boolean;
  /** The redirectPath that came back in the hosted UI's OAuth custom state. */
  oauthRedirectPath: string | null;
  /** The last sign-in failure (hosted UI error, configuration problem). */
  error: string | null;
}

/** cognito-local supports no SRP, so password sign-in always uses this flow. */
export const PASSWORD_AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

let state: AuthState = { status: 'loading', user: null, justSignedIn: false, oauthRedirectPath: null, error: null };
const listeners = new Set<() => void>();
let started: Promise<void> | undefined;

function setState(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const getAuthState = (): AuthState => state;

// ── user info ───────────────────────────────────────────────────────────────

/** The identities attribute is JSON text from the user pool, or a list in ID-token claims. */
export function socialProviderOf(identities: unknown): string | null {
  let list: unknown = identities;
  if (typeof identities === 'string') {
    try {
      list = JSON.parse(identities);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list) || list.length === 0) return null;
  const first = list[0] as { providerName?: unknown };
  return typeof first?.providerName === 'string' && first.providerName ? first.providerName : null;
}

export function toAuthUser(userId: string, attrs: Record<string, unknown>): AuthUser {
  const text = (k: string) => (typeof attrs[k] === 'string' ? (attrs[k] as string).trim() : '');
  const email = text('email');
  const fullName = [text('given_name'), text('family_name')].filter(Boolean).join(' ');
  const provider = socialProviderOf(attrs.identities);
  return {
    userId,
    email,
    name: text('name') || fullName || email,
    loginMethod: provider ?? 'Email',
    isSocial: !!provider,
  };
}

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
  setState(
    user
      ? { status: 'signedIn', user, justSignedIn: state.justSignedIn || signedInNow, error: null }
      : { status: 'signedOut', user: null, justSignedIn: false },
  );
}

// ── configuration ───────────────────────────────────────────────────────────

/** Amplify's Auth config for the runtime config (exported for tests). */
export function amplifyAuthConfig(config: RuntimeConfig) {
  const { auth, siteUrl } = config;
  return {
    Cognito: {
      userPoolId: auth.userPoolId,
      userPoolClientId: auth.userPoolClientId,
      ...(auth.userPoolEndpoint ? { userPoolEndpoint: auth.userPoolEndpoint } : {}),
      signUpVerificationMethod: 'code' as const,
      userAttributes: { email: { required: true } },
      passwordFormat: {
        minLength: PASSWORD_MIN_LENGTH, requireLowercase: true, requireUppercase: true,
        requireNumbers: false, requireSpecialCharacters: false,
      },
      loginWith: {
        email: true,
        ...(auth.mode === 'hosted' && auth.oauthDomain
          ? {
              oauth: {
                domain: auth.oauthDomain,
                scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                redirectSignIn: [`${siteUrl}/auth/signin`],
                redirectSignOut: [`${siteUrl}/`],
                responseType: 'code' as const,
                ...(auth.googleEnabled ? { providers: ['Google' as const] } : {}),
              },
            }
          : {}),
      },
    },
  };
}

function parseCustomState(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as { redirectPath?: unknown };
    return typeof parsed.redirectPath === 'string' && isSafeRedirectPath(parsed.redirectPath) ? parsed.redirectPath : null;
  } catch {
    return null;
  }
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : 'Sign-in failed.');

/** Configures Amplify once and starts following the auth state. Safe to call many times. */
export function startAuth(): Promise<void> {
  started ??= (async () => {
    // Listen before configuring: the hosted-UI code exchange starts inside configure().
    Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
        case 'signInWithRedirect':
          void refresh(true);
          break;
        case 'customOAuthState':
          setState({ oauthRedirectPath: parseCustomState((payload as { data?: unknown }).data) });
          break;
        case 'signInWithRedirect_failure':
          setState({ status: 'signedOut', user: null, error: errorText((payload as { data?: { error?: unknown } }).data?.error) });
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          setState({ status: 'signedOut', user: null, justSignedIn: false });
          break;
      }
    });
    try {
      const config = await loadRuntimeConfig();
      if (config.auth.mode === 'hosted') await import('aws-amplify/auth/enable-oauth-listener');
      Amplify.configure({ Auth: amplifyAuthConfig(config) });
      await refresh();
    } catch (e) {
      console.error('Authentication could not start', e);
      setState({ status: 'signedOut', user: null, error: errorText(e) });
    }
  })();
  return started;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void startAuth();
  return () => {
    listeners.delete(listener);
  };
}

/** The current auth state; the first use configures Amplify. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

// ── actions ─────────────────────────────────────────────────────────────────

/** The access token for API calls, refreshed by Amplify when it expires; undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  await startAuth();
  try {
    return (await fetchAuthSession()).tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
}

/** Hosted mode: off to the managed login; it comes back to /auth/signin with `redirectPath` in the state. */
export async function startHostedSignIn(redirectPath: string): Promise<void> {
  await startAuth();
  const safe = isSafeRedirectPath(redirectPath) ? redirectPath : '/account';
  await signInWithRedirect({ customState: JSON.stringify({ redirectPath: safe }) });
}

/** Signs out of this browser (and, in hosted mode, of the managed login, which redirects back to the site). */
export async function signOutUser(): Promise<void> {
  await startAuth();
  await amplifySignOut();
  setState({ status: 'signedOut', user: null, justSignedIn: false });
}

/** Tests: reset the store. */
export function resetAuthForTests(next: Partial<AuthState> = {}): void {
  state = { status: 'loading', user: null, justSignedIn: false, oauthRedirectPath: null, error: null, ...next };
  started = Promise.resolve();
  listeners.forEach((l) => l());
}
