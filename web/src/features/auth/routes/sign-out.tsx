import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isSafeRedirectPath } from '#shared/rules/redirect-path';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { beginSignOut, signOutUser } from '../../../lib/auth';
import { useExtensionBridge } from '../../../lib/extension-bridge';
import { revokeUploadGrants } from '../../../lib/upload-grant';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/**
 * How long sign-out waits at most for the extension to take the log-out before going on without
 * it. Without the extension the wait ends as soon as no origin answered (about 0.5 s each); with
 * it, the handshake on a busy machine took more than the 1.5 s once allowed here, and the
 * extension then kept its login (issue 31).
 */
export const SIGN_OUT_EXTENSION_WAIT_MS = 8000;

/**
 * /auth/signout: tells the extension to log out (a login message with an empty payload), sends
 * the revocation of the upload grants, clears the session, and shows the signed-out site (home,
 * or `redirectPath`) without waiting for the extension's or the server's answer. In hosted mode
 * the managed login's log-out endpoint does the final redirect.
 */
export function SignOutRoute() {
  usePageTitle('Sign out');
  const config = useRuntimeConfig();
  const bridge = useExtensionBridge();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectPath = params.get('redirectPath');
  const started = useRef(false);

  // At once, before the account this page also loads can arrive: no login or grant goes to the
  // extension from here on (lib/extension-login.ts).
  useEffect(() => beginSignOut(), []);

  useEffect(() => {
    if (!config || !bridge || started.current) return;
    started.current = true;
    const leave = () => navigate(isSafeRedirectPath(redirectPath) ? redirectPath : paths.home.href(), { replace: true });
    const signOut = () => signOutUser().catch((e: unknown) => console.error('Sign-out failed', e));
    // The extension drops its grant; the server revokes them all (a copy elsewhere dies too) and
    // refuses this session any new one. The revocation carries the session's token, so it is on
    // its way before the session is cleared.
    const extensionTold = bridge.sendLogin({}, { waitMs: SIGN_OUT_EXTENSION_WAIT_MS });
    // Imported with this page (the account code it needs is loaded in the account shell): no chunk to wait for.
    const revocation = revokeUploadGrants();
    if (config.auth.mode === 'hosted') {
      // The managed login's log-out endpoint makes the final redirect, leaving this document.
      void Promise.all([extensionTold, revocation.then((r) => r.answered)]).then(signOut);
      return;
    }
    // Password mode: the signed-out site shows once the stored session is cleared here, never
    // before: a tab closed at the first sight of it must leave no session for the next person
    // (seen: a sign-in page opened next came up signed in). The extension's answer and the
    // server's are not waited for (the revocation outlives a closed tab).
    void revocation.then(signOut).then(leave);
  }, [config, bridge, navigate, redirectPath]);

  return (
    <div className="auth-page">
      <Spinner size="lg" label="Signing you out…" showLabel />
    </div>
  );
}

export { SignOutRoute as Component };
