import { routes } from '#shared/api/routes';
import type { LoginMessage } from '#shared/domain/login-message';
import { UPLOAD_GRANT_LIFETIME_SECONDS, type UploadGrant } from '#shared/domain/upload-grant';
import { apiCall } from './api-client';
import { loadRuntimeConfig } from './runtime-config';

/**
 * The extension's upload grant (docs/security.md): minted when the site tells a connected
 * extension who is signed in, and reused while more than half its life is left, so page loads do
 * not each mint one. Sign-out revokes all of them server-side.
 */

let held: { userId: string; grant: Promise<UploadGrant> } | null = null;

const fresh = (g: UploadGrant, now: number) => g.expiresAt - now > (UPLOAD_GRANT_LIFETIME_SECONDS * 1000) / 2;

async function mint(wanted: () => boolean): Promise<UploadGrant> {
  const { getAccessToken } = await import('./auth');
  const [config, token] = await Promise.all([loadRuntimeConfig(), getAccessToken()]);
  // Fetching the token can take a while; a sign-out begun meanwhile asks for no grant (issue 31).
  if (!wanted()) throw new Error('Signing out: no upload grant');
  const grant = await apiCall(routes.createUploadGrant, { body: {}, token });
  return { ...grant, apiUrl: config.apiUrl };
}

async function currentGrant(userId: string, wanted: () => boolean, now = Date.now()): Promise<UploadGrant> {
  if (held?.userId === userId) {
    const g = await held.grant.catch(() => null);
    if (g && fresh(g, now)) return g;
  }
  held = { userId, grant: mint(wanted) };
  return held.grant;
}

/**
 * The login message with an upload grant; without one when it cannot be minted (the editor then
 * asks to sign in). `wanted` is asked again just before the request goes out.
 */
export async function withUploadGrant(message: LoginMessage, wanted: () => boolean = () => true): Promise<LoginMessage> {
  try {
    return { ...message, upload_grant: await currentGrant(message.userId, wanted) };
  } catch (e) {
    console.warn('No upload grant for the extension', e);
    return message;
  }
}

/**
 * Sign-out: forgets the grant and revokes every grant of the user. Resolves once the request is
 * on its way with the session's token, so the session may be cleared at once; `answered` settles
 * when the server has answered (a failure only logs: grants expire anyway). The request outlives
 * the page (keepalive), so closing the tab does not stop it.
 */
export async function revokeUploadGrants(): Promise<{ answered: Promise<void> }> {
  held = null;
  const { getAccessToken } = await import('./auth');
  const token = await getAccessToken();
  const answered = apiCall(routes.revokeUploadGrants, { body: {}, token, keepalive: true }).then(
    () => undefined,
    (e: unknown) => console.warn('Upload grants not revoked', e),
  );
  return { answered };
}
