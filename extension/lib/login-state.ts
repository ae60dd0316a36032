import type { LoginMessage } from '#shared/domain/login-message';
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

export async function writeLogin(login: LoginMessage | null): Promise<void> {
  if (login) await chrome.storage.local.set({ [STORAGE_KEYS.login]: { login, receivedAt: Date.now() } satisfies StoredLogin });
  else await chrome.storage.local.remove(STORAGE_KEYS.login);
}

export function isPremium(stored: StoredLogin | null, nowMs = Date.now()): boolean {
  return isPremiumEntitled(stored?.login, nowMs);
}
