/**
 * The auth store's state, passed on to readers that must not load the store (issue #24): the site
 * header is on every page, and `auth.ts` (with the error reporting it imports, about 3.4 KB gzip)
 * is off the marketing pages' first load. `auth.ts` publishes here when it loads and on every
 * change; until a page has loaded it, the state is 'loading' (the header then reads the session
 * Amplify stored, lib/stored-identity.ts). Kept tiny and free of imports: it is in the entry.
 */

/** The fields of `AuthState` (auth.ts) the header reads. */
export interface BroadcastAuthState {
  status: 'loading' | 'signedIn' | 'signedOut';
  user: { userId: string; name: string } | null;
}

const NOT_LOADED: BroadcastAuthState = { status: 'loading', user: null };
let current: BroadcastAuthState = NOT_LOADED;
const listeners = new Set<() => void>();

/** auth.ts: the store's current state (the same object while it does not change). */
export function broadcastAuthState(state: BroadcastAuthState): void {
  if (state === current) return;
  current = state;
  listeners.forEach((l) => l());
}

export const getBroadcastAuthState = (): BroadcastAuthState => current;

/** Follows the state without loading the store (for `useSyncExternalStore`). */
export function subscribeBroadcastAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
