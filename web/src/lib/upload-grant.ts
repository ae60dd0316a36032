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

async function mint(): Promise<UploadGrant> {
  const [config, grant] = await Promise.all([loadRuntimeConfig(), apiCall(routes.createUploadGrant, { body: {} })]);
  return { ...grant, apiUrl: config.apiUrl };
}

async function currentGrant(userId: string, now = Date.now()): Promise<UploadGrant> {
  if (held?.userId === userId) {
    const g = await held.grant.catch(() => null);
    if (g && fresh(g, now)) return g;
  }
  held = { userId, grant: mint() };
  return held.grant;
}

/** The login message with an upload grant; without one when it cannot be minted (the editor then asks to sign in). */
export async function withUploadGrant(message: LoginMessage): Promise<LoginMessage> {
  try {
    return { ...message, upload_grant: await currentGrant(message.userId) };
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
