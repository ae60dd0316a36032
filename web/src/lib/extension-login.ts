import type { LoginMessage } from '#shared/domain/login-message';
import { getAuthState } from './auth';
import type { ExtensionBridge } from './extension-bridge';
import { withUploadGrant } from './upload-grant';

/**
 * The one way the site tells the extension who is signed in (the login message with an upload
 * grant, docs/security.md), for every page that does: only while the site is signed in as that
 * user and not signing out. The sign-out page loads the account too; without this check its
 * login (and grant) went out after the log-out (issue 31).
 */
export function mayHandOver(userId: string): boolean {
  const auth = getAuthState();
  return auth.status === 'signedIn' && auth.user?.userId === userId && !auth.signingOut;
}

/** Sends `message` with a grant; null when it may not, there is no extension, or a log-out overtook it. */
export function handOverLogin(bridge: ExtensionBridge, message: LoginMessage): Promise<{ status: string } | null> {
  const may = () => mayHandOver(message.userId);
  if (!may()) return Promise.resolve(null);
  // Checked again once the extension has answered, before the grant is asked for, and once it is
  // here: sign-out may begin at any of those points, and then nothing more goes out.
  return bridge.sendLogin(async () => {
    if (!may()) return null;
    const withGrant = await withUploadGrant(message, may);
    return may() ? withGrant : null;
  });
}
