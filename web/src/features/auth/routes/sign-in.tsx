import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isSafeRedirectPath } from '#shared/rules/redirect-path';
import { SIGN_IN_PURPOSE_PARAM, signInNoteFor } from '#shared/rules/sign-in-purpose';
import { ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { startHostedSignIn, useAuth } from '../../../lib/auth';
import { isOAuthReturn } from '../../../lib/oauth-return';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../../lib/storage';
import { loadPasswordAuthenticator, usePasswordAuthenticatorPreload } from '../components/load-password-authenticator';
import { SignInProgress } from '../components/sign-in-progress';
import { useLoginHandedOver } from '../lib/use-hand-over';

const PasswordAuthenticator = lazy(loadPasswordAuthenticator);

const DEFAULT_AFTER_SIGN_IN = paths.account.href();

/** The explicit redirectPath of this visit, else the stored redirect URL, else the account page. */
function afterSignInTarget(oauthRedirectPath: string | null): string {
  const stored = readStorage('session', storageKeys.redirectAfterSignIn);
  return oauthRedirectPath ?? (isSafeRedirectPath(stored) ? stored : DEFAULT_AFTER_SIGN_IN);
}

interface SignInRouteProps {
  /**
   * The account scope (app/account-routes.tsx), rendered once someone is signed in: its account
   * load hands the extension the login. The page is outside the account shell, so the form does not
   * wait for that code.
   */
  SignedInScope?: ComponentType;
  /** Loads that scope's code ahead, when the browser is idle after the form has shown. */
  warmAccountScope?: () => Promise<unknown>;
}

/**
 * /auth/signin. Hosted mode: starts the managed login, and is where it comes back to (spinner,
 * then a redirect once the user info is there). Password mode (local): the sign-in / sign-up form.
 * Query: `redirectPath` (where to go afterwards), `mode=signup`, or `error` + `error_description`.
 */
export function SignInRoute({ SignedInScope, warmAccountScope }: SignInRouteProps = {}) {
  usePageTitle('Sign in');
  const config = useRuntimeConfig();
  const auth = useAuth();
  const navigate = useNavigate();
  usePasswordAuthenticatorPreload(config?.auth.mode);
  const [params] = useSearchParams();
  const error = params.get('error');
  const description = params.get('error_description');
  const redirectPath = params.get('redirectPath');
  const hasError = !!(error && description);
  const note = signInNoteFor(params.get(SIGN_IN_PURPOSE_PARAM));

  // Remember where to go back to; it survives the trip through the hosted UI.
  useEffect(() => {
    if (isSafeRedirectPath(redirectPath)) writeStorage('session', storageKeys.redirectAfterSignIn, redirectPath);
  }, [redirectPath]);

  // Redirect only once the signed-in user's info is present and the extension has been told
  // (whatever page comes next, every sign-in hands the extension its login and grant).
  const signedInUserId = auth.status === 'signedIn' && auth.user ? auth.user.userId : null;
  const handedOver = useLoginHandedOver(signedInUserId);
  // Once: the next route may load lazily while this one stays mounted, and a second run (the
  // stored target already removed) would send the person to the account page instead.
  const left = useRef(false);
  useEffect(() => {
    if (hasError || !signedInUserId || !handedOver || left.current) return;
    left.current = true;
    const target = afterSignInTarget(auth.oauthRedirectPath);
    removeStorage('session', storageKeys.redirectAfterSignIn);
    navigate(target, { replace: true });
  }, [hasError, signedInUserId, handedOver, auth.oauthRedirectPath, navigate]);

  // Hosted mode, signed out, not coming back from the hosted UI: go there.
  const hosted = config?.auth.mode === 'hosted';
  const returning = isOAuthReturn(`?${params.toString()}`);
  useEffect(() => {
    if (!hosted || hasError || returning || auth.status !== 'signedOut' || auth.error) return;
    startHostedSignIn(isSafeRedirectPath(redirectPath) ? redirectPath : afterSignInTarget(null)).catch((e: unknown) =>
      console.error('Could not start the sign-in', e),
    );
  }, [hosted, hasError, returning, auth.status, auth.error, redirectPath]);

  const showForm = config?.auth.mode === 'password' && auth.status === 'signedOut';
  const scope = signedInUserId && SignedInScope && (
    <Suspense fallback={null}>
      <SignedInScope />
    </Suspense>
  );
  if (hasError) return <SignInError description={description!} />;
  if (auth.status === 'signedOut' && auth.error && hosted) return <SignInError description={auth.error} />;
  if (showForm) {
    return (
      <div className="auth-page">
        <h1 className="auth-page__title">{params.get('mode') === 'signup' ? 'Create your account' : 'Sign in'}</h1>
        {note && <p className="auth-page__note">{note}</p>}
        {auth.error && <p role="alert">{auth.error}</p>}
        <Suspense fallback={<SignInProgress label="Loading…" />}>
          <PasswordAuthenticator initialState={params.get('mode') === 'signup' ? 'signUp' : 'signIn'} />
          {warmAccountScope && <WhenIdle run={warmAccountScope} />}
        </Suspense>
      </div>
    );
  }
  return (
    <div className="auth-page">
      {scope}
      {note && <p className="auth-page__note">{note}</p>}
      <SignInProgress stalled={signedInUserId ? 'Your account is signed in, but the site could not finish setting it up.' : 'The sign-in service did not answer.'} />
    </div>
  );
}

/** How long after the form's chunk has mounted the account code may start loading. */
const WARM_AFTER_MS = 2000;

/**
 * Runs `run` when the browser is idle, WARM_AFTER_MS after this has mounted (inside the form's
 * Suspense boundary). The account scope's code loads there while the visitor types (a sign-in
 * needs it next). Not at once: the Authenticator first checks for a user (Amplify) and only then
 * renders its fields, and an idle moment in between would have that code compete with them.
 */
function WhenIdle({ run }: { run: () => Promise<unknown> }) {
  useEffect(() => {
    let id: number | undefined;
    const go = () => void run().catch(() => undefined); // loaded again when needed
    const t = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') id = requestIdleCallback(go, { timeout: 5000 });
      else go();
    }, WARM_AFTER_MS);
    return () => {
      clearTimeout(t);
      if (id !== undefined) cancelIdleCallback(id);
    };
  }, [run]);
  return null;
}

/** Spec: the auth error page, its description taken from the query. */
function SignInError({ description }: { description: string }) {
  return (
    <div className="auth-page">
      <h1 className="auth-page__title">Sign-in failed</h1>
      <p role="alert">Encountered the error: {description}</p>
      <p>Please try again…</p>
      <ButtonLink to={paths.authSignIn.href()}>Sign in</ButtonLink>
    </div>
  );
}

