import { useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { normalizeDisplayName } from '#shared/rules/display-name';
import { PASSWORD_MIN_LENGTH } from '#shared/rules/password-rule';
import { isSafeRedirectPath } from '#shared/rules/redirect-path';
import { STORED_SESSION_KEY } from '#shared/web/stored-session-probe';
import { broadcastAuthState } from './auth-broadcast';
import { AUTH_PENDING_PAINT_ATTRIBUTE } from './auth-pending-paint';
import { setErrorReportingUser } from './error-reporting';
import { isOAuthReturn } from './oauth-return';

/**
 * Authentication for the pages that need it (account, sign-in, sign-out, connect): Amplify v6
 * configured from the runtime config. Only lazily loaded routes import this module, so the
 * marketing pages never download Amplify.
 *
 * - `hosted` mode (AWS): Cognito managed login through `signInWithRedirect`; the OAuth custom
 *   state carries `{redirectPath}`.
 * - `password` mode (local): USER_PASSWORD_AUTH against cognito-local (it has no SRP).
 *
 * The auth state is a small external store fed by Amplify's Hub, read with `useAuth()`. Amplify
 * itself (auth-amplify.ts) loads on the first use, after the page has rendered: until it has
 * answered the state is 'loading', except that a browser with no stored session (and not coming
 * back from the hosted login) starts at 'signedOut' (`signedOutBeforeAmplify`).
 */

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthUser {
  userId: string;
  email: string;
  /** What "Welcome {name}" shows: the name attribute (as the name rule tidies it), else the e-mail. */
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
  /**
   * Sign-out has begun on this page and not finished: nothing may tell the extension who is
   * signed in any more (lib/extension-login.ts), though the tokens are still there until Amplify
   * has signed out. Cleared when the state becomes signed out.
   */
  signingOut: boolean;
}

/** cognito-local supports no SRP, so password sign-in always uses this flow. */
export const PASSWORD_AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

/** True unless this browser certainly holds no Cognito session (no key of Amplify's token store). */
export function mayHaveStoredSession(storage: Pick<Storage, 'length' | 'key'> | null = globalThis.localStorage ?? null): boolean {
  try {
    if (!storage) return true;
    for (let i = 0; i < storage.length; i++) if (STORED_SESSION_KEY.test(storage.key(i) ?? '')) return true;
    return false;
  } catch {
    return true; // storage blocked: let Amplify decide
  }
}

/**
 * True when this browser stores no session and is not coming back from the hosted login: the
 * visitor is certainly signed out, so the SPA starts there rather than waiting for Amplify (a
 * download and a round of start-up work) to say so. The sign-in form and the checkout's Sign Up
 * stage show without waiting on Amplify; on an auth-pending first paint (prerender.tsx) the probe
 * in shared/web/stored-session-probe.ts chose the signed-out view by the same test.
 */
export function signedOutBeforeAmplify(storage?: Pick<Storage, 'length' | 'key'>, search?: string): boolean {
  return !mayHaveStoredSession(storage) && !isOAuthReturn(search);
}

/** The page's HTML is an auth-pending first paint (prerender.tsx). */
const onAuthPendingPaint = (doc: Document | undefined = globalThis.document) => !!doc?.getElementById('root')?.hasAttribute(AUTH_PENDING_PAINT_ATTRIBUTE);

const LOADING: AuthState = { status: 'loading', user: null, justSignedIn: false, oauthRedirectPath: null, error: null, signingOut: false };
let state: AuthState = signedOutBeforeAmplify() ? { ...LOADING, status: 'signedOut' } : LOADING;
const listeners = new Set<() => void>();
// The header follows the store through auth-broadcast.ts, without importing this module.
broadcastAuthState(state);
let started: Promise<void> | undefined;

/** Updates the store (auth-amplify.ts feeds it from Amplify's Hub). */
export function setAuthState(patch: Partial<AuthState>) {
  // A sign-out ends its own latch: a later sign-in on this page is a new session.
  if (patch.status === 'signedOut') patch = { ...patch, signingOut: false };
  // Nothing new (Amplify confirming the signed-out state the page started in): no re-render of
  // every reader, which would be one long synchronous render of the page (issue #24).
  if ((Object.keys(patch) as (keyof AuthState)[]).every((k) => Object.is(state[k], patch[k]))) return;
  state = { ...state, ...patch };
  setErrorReportingUser(state.user?.userId); // error reports carry the signed-in user's id (spec)
  broadcastAuthState(state);
  listeners.forEach((l) => l());
}

export const getAuthState = (): AuthState => state;

/** The state an app path's prerendered paint is rendered in (prerender.tsx renders both). */
let prerenderState: AuthState = LOADING;
export function setPrerenderAuthStatus(status: 'loading' | 'signedOut') {
  prerenderState = { ...LOADING, status };
}
const getPrerenderAuthState = (): AuthState => prerenderState;

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
    // Only the server writes `name`, through the name rule; tidied again here because a pool may
    // still hold one written before the app client lost write access to it (the 636-character one).
    name: normalizeDisplayName(text('name') || fullName) || email,
    loginMethod: provider ?? 'Email',
    isSocial: !!provider,
  };
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

export function parseCustomState(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as { redirectPath?: unknown };
    return typeof parsed.redirectPath === 'string' && isSafeRedirectPath(parsed.redirectPath) ? parsed.redirectPath : null;
  } catch {
    return null;
  }
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : 'Sign-in failed.');

/** Lets the browser paint and handle input before the next piece of work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let amplifyModule: Promise<typeof import('./auth-amplify')> | undefined;

/**
 * Amplify and what calls it, loaded on first use, in pieces with a yield between them: Amplify's
 * core (config, Hub), then its auth category with auth-amplify.ts. Evaluating about 150 KB of
 * library code is then a few short tasks, not one long task that blocks input (issue #24).
 */
const amplify = () =>
  (amplifyModule ??= import('aws-amplify/utils')
    .then(yieldToMain)
    .then(() => import('./auth-amplify')));

/**
 * The auth-pending first paint a visitor known to be signed out landed on (`signedOutBeforeAmplify`), else null. There
 * Amplify is needed only to sign in (each action starts it itself), so reading the auth state
 * starts it when the browser is idle after the first paint, not during the page's start-up.
 */
const idleStartPath = onAuthPendingPaint() && signedOutBeforeAmplify() ? globalThis.location?.pathname.replace(/\/+$/, '') || null : null;

const onIdleStartPage = () => !!idleStartPath && (globalThis.location?.pathname ?? '').startsWith(idleStartPath);
let idleStartQueued = false;

/** `startAuth` at once, or on the landing page of a visitor known to be signed out, at idle. */
function startAuthForReader(): void {
  if (!onIdleStartPage()) {
    void startAuth();
    return;
  }
  if (started || idleStartQueued) return;
  idleStartQueued = true;
  const start = () => void startAuth();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1000);
}

/** Configures Amplify once and starts following the auth state. Safe to call many times. */
export function startAuth(): Promise<void> {
  started ??= amplify()
    .then((m) => m.startAmplifyAuth({ amplifyAuthConfig, errorText, getAuthState, parseCustomState, setAuthState, toAuthUser }))
    .catch((e: unknown) => {
      console.error('Authentication could not start', e);
      setAuthState({ status: 'signedOut', user: null, error: errorText(e) });
    });
  return started;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  startAuthForReader();
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in user's attributes read again (after a name change), with fresh tokens. */
export async function reloadUser(): Promise<void> {
  await startAuth();
  await (await amplify()).reloadUser();
}

/** The current auth state; the first use configures Amplify. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getPrerenderAuthState);
}

// ── actions ─────────────────────────────────────────────────────────────────

/** The access token for API calls, refreshed by Amplify when it expires; undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  await startAuth();
  return (await amplify()).accessToken();
}

/** Hosted mode: off to the managed login; it comes back to /auth/signin with `redirectPath` in the state. */
export async function startHostedSignIn(redirectPath: string): Promise<void> {
  await startAuth();
  const safe = isSafeRedirectPath(redirectPath) ? redirectPath : '/account';
  await (await amplify()).hostedSignIn(JSON.stringify({ redirectPath: safe }));
}

/** The first step of sign-out: from now on the site hands the extension no login (and no grant). */
export function beginSignOut(): void {
  setAuthState({ signingOut: true });
}

/** Signs out of this browser (and, in hosted mode, of the managed login, which redirects back to the site). */
export async function signOutUser(): Promise<void> {
  beginSignOut();
  await startAuth();
  await (await amplify()).amplifySignOut();
  setAuthState({ status: 'signedOut', user: null, justSignedIn: false });
}

/** Tests: reset the store. */
export function resetAuthForTests(next: Partial<AuthState> = {}): void {
  state = { status: 'loading', user: null, justSignedIn: false, oauthRedirectPath: null, error: null, signingOut: false, ...next };
  started = Promise.resolve();
  broadcastAuthState(state);
  listeners.forEach((l) => l());
}
