import type { LoginMessage } from '#shared/domain/login-message';
import type { UploadGrant } from '#shared/domain/upload-grant';
import { STORAGE_KEYS } from '#shared/extension/messages';
import { isPremiumEntitled } from '#shared/rules/premium-entitlement';

/** What the website last told us (through the frame page) about the signed-in user. */
export interface StoredLogin {
  login: LoginMessage;
  receivedAt: number;
}

export async function readLogin(): Promise<StoredLogin | null> {
  const got = await chrome.storage.local.get(STORAGE_KEYS.login);
  const raw = got[STORAGE_KEYS.login] as StoredLogin | undefined;
  if (!raw) return null;
  // The frame page validated it with zod before storing; a light check keeps zod out of the editor bundle.
  const l = raw.login as Partial<LoginMessage> | undefined;
  if (!l || typeof l.userId !== 'string' || typeof l.status !== 'string' || typeof l.expires !== 'number') return null;
  return raw;
}

/** What the site told us: a login, or (null) a log-out, which is remembered so Save can say "Sign in again". */
export async function writeLogin(login: LoginMessage | null): Promise<void> {
  if (login) {
    await chrome.storage.local.set({ [STORAGE_KEYS.login]: { login, receivedAt: Date.now() } satisfies StoredLogin });
    await chrome.storage.local.remove(STORAGE_KEYS.signedOut);
  } else {
    await chrome.storage.local.remove(STORAGE_KEYS.login);
    await chrome.storage.local.set({ [STORAGE_KEYS.signedOut]: { at: Date.now() } });
  }
}

/** Whether the last word from the site was a log-out (signed out there), rather than never having signed in. */
export async function signedOutOnSite(): Promise<boolean> {
  const got = await chrome.storage.local.get(STORAGE_KEYS.signedOut);
  return !!got[STORAGE_KEYS.signedOut];
}

export function isPremium(stored: StoredLogin | null, nowMs = Date.now()): boolean {
  return isPremiumEntitled(stored?.login, nowMs);
}

/** A grant this close to its end is not used: an upload started on it could fail half way. */
const GRANT_MARGIN_MS = 60_000;

/**
 * The upload grant the site handed over with the login (docs/security.md), while it is valid;
 * null when signed out, never given one, or expired (the editor then sends the user to sign in).
 */
export function uploadGrantOf(stored: StoredLogin | null, nowMs = Date.now()): UploadGrant | null {
  const g = stored?.login.upload_grant;
  if (!g || typeof g.token !== 'string' || typeof g.apiUrl !== 'string' || typeof g.expiresAt !== 'number') return null;
  return g.expiresAt - GRANT_MARGIN_MS > nowMs ? g : null;
}

/** Forgets a grant the server refused (401), keeping the rest of the login. */
export async function dropUploadGrant(): Promise<void> {
  const stored = await readLogin();
  if (!stored?.login.upload_grant) return;
  const { upload_grant: _dropped, ...login } = stored.login;
  await chrome.storage.local.set({ [STORAGE_KEYS.login]: { ...stored, login } satisfies StoredLogin });
}
