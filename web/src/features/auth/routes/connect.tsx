import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { startHostedSignIn, useAuth } from '../../../lib/auth';
import { useExtensionStatus } from '../../../lib/extension-bridge';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { loadPasswordAuthenticator, usePasswordAuthenticatorPreload } from '../components/load-password-authenticator';
import { SignInProgress } from '../components/sign-in-progress';

const PasswordAuthenticator = lazy(loadPasswordAuthenticator);

/** After this long without the extension's answer the popup stops waiting and says so. */
export const CONNECT_GIVE_UP_MS = 6000;

/**
 * /connect: the popup the extension opens to sign in. The query flag `signin` selects sign-in
 * (otherwise sign-up). Once signed in, the account provider tells the extension (login message);
 * when the extension has acknowledged it for this user, the popup closes itself.
 */
export function ConnectRoute() {
  usePageTitle('Connect');
  const config = useRuntimeConfig();
  const auth = useAuth();
  const bridge = useExtensionStatus();
  usePasswordAuthenticatorPreload(config?.auth.mode);
  const [params] = useSearchParams();
  const signInMode = params.has('signin');
  const [gaveUp, setGaveUp] = useState(false);

  const userId = auth.user?.userId ?? null;
  const acknowledged = !!userId && bridge.lastLogin?.userId === userId;

  // Hosted mode: the popup goes straight to the managed login and comes back here.
  useEffect(() => {
    if (config?.auth.mode !== 'hosted' || auth.status !== 'signedOut') return;
    void startHostedSignIn(paths.connect.href(signInMode));
  }, [config, auth.status, signInMode]);

  useEffect(() => {
    if (acknowledged) window.close();
  }, [acknowledged]);

  useEffect(() => {
    if (auth.status !== 'signedIn') return;
    const t = setTimeout(() => setGaveUp(true), CONNECT_GIVE_UP_MS);
    return () => clearTimeout(t);
  }, [auth.status]);

  let body;
  if (auth.status === 'signedOut' && config?.auth.mode === 'password') {
    body = (
      <Suspense fallback={<SignInProgress label="Loading…" />}>
        <PasswordAuthenticator initialState={signInMode ? 'signIn' : 'signUp'} />
      </Suspense>
    );
  } else if (auth.status !== 'signedIn') {
    body = <SignInProgress />;
  } else if (acknowledged) {
    body = <p role="status">You are signed in and the extension knows it. You can close this window.</p>;
  } else if (gaveUp || bridge.phase === 'failed') {
    body = (
      <p role="alert">
        You are signed in, but the extension did not answer. Make sure it is installed and enabled, then reopen it.
      </p>
    );
  } else {
    body = <Spinner size="lg" label="Connecting to the extension…" showLabel />;
  }

  return (
    <div className="auth-page">
      <h1 className="auth-page__title">{signInMode ? 'Sign in to Full Page Shot' : 'Create your Full Page Shot account'}</h1>
      {body}
    </div>
  );
}

export { ConnectRoute as Component };
