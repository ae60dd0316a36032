import { useSyncExternalStore } from 'react';

/**
 * Browser storage the site uses, behind one small module: every key is named here, and a storage
 * that throws (private mode, disabled cookies, sandboxed frames) degrades to "nothing stored"
 * instead of breaking the page.
 */

export const storageKeys = {
  /** The extension address to return to (`next`), accepted only for allowed extension origins. */
  nextUrl: 'fps.next',
  /** The `next` value before the current one: a fallback when the current one is gone. */
  previousNextUrl: 'fps.next.previous',
  /** '1' after a successful extension handshake, '' after a failed one. */
  extensionConnected: 'fps.extension.connected',
  /** Extension id override set by /_test (an unpacked build has its own id). */
  extensionIdOverride: 'fps.extension.id',
  /** Where to go after sign-in when no explicit redirectPath came back from the hosted UI. */
  redirectAfterSignIn: 'fps.auth.redirect',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value is simply not remembered.
  }
}

export function removeStorage(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // ignore
  }
}

// ── the `next` URL (spec: stored in browser storage, with a 'previous next' fallback slot) ──
// Session storage: the address belongs to the tab the extension opened, and it survives the
// round trip through the hosted sign-in pages.

const nextListeners = new Set<() => void>();

/** Stores an (already checked) next URL, keeping the one it replaces in the fallback slot. */
export function storeNextUrl(next: string): void {
  const current = readStorage('session', storageKeys.nextUrl);
  if (current && current !== next) writeStorage('session', storageKeys.previousNextUrl, current);
  writeStorage('session', storageKeys.nextUrl, next);
  nextListeners.forEach((l) => l());
}

/** The next URL, or the previous one as a fallback, or null. */
function readNextUrl(): string | null {
  return readStorage('session', storageKeys.nextUrl) || readStorage('session', storageKeys.previousNextUrl) || null;
}

/** The next URL (with its fallback), re-rendering when a new one is stored. */
export function useNextUrl(): string | null {
  return useSyncExternalStore(
    (l) => {
      nextListeners.add(l);
      return () => {
        nextListeners.delete(l);
      };
    },
    readNextUrl,
    () => null,
  );
}
