import { STORED_SESSION_KEY } from '#shared/web/stored-session-probe';

/**
 * Who is signed in, read straight from Amplify's token store without loading Amplify: the header
 * needs it on every page, and the marketing pages never download Amplify. The ID token's claims
 * give the name and e-mail (the token is only read here, never trusted: the API checks tokens).
 * Organisation admins are remembered by a hint written whenever the account is looked up (the
 * account area, or the header itself when no lookup has said yet), so the header can offer
 * "Enterprise account" on every page.
 */

export interface StoredIdentity {
  userId: string;
  /** The name, else the e-mail. */
  name: string;
}

const ORG_ADMIN_HINT_KEY = 'fps:org-admin';
/** The name last read from the user's attributes ({userId, name}): ID tokens may lag a rename (and cognito-local's carry no name). */
const NAME_HINT_KEY = 'fps:display-name';
/** Fired on this tab when a hint changes (the `storage` event covers other tabs). */
export const IDENTITY_HINT_EVENT = 'fps:identity-hint';

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The stored session's user, or null when no session is stored (or storage cannot be read). */
export function readStoredIdentity(storage: Storage | null = globalThis.localStorage ?? null): StoredIdentity | null {
  try {
    if (!storage) return null;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? '';
      if (!STORED_SESSION_KEY.test(key)) continue;
      const user = storage.getItem(key);
      if (!user) continue;
      const prefix = key.slice(0, -'LastAuthUser'.length);
      const claims = decodeJwtPayload(storage.getItem(`${prefix}${user}.idToken`) ?? '') ?? {};
      const text = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string).trim() : '');
      const userId = text('sub') || user;
      return { userId, name: rememberedName(storage, userId) || text('name') || text('email') || 'Account' };
    }
    return null;
  } catch {
    return null;
  }
}

function rememberedName(storage: Storage, userId: string): string {
  try {
    const hint = JSON.parse(storage.getItem(NAME_HINT_KEY) ?? 'null') as { userId?: unknown; name?: unknown } | null;
    return hint?.userId === userId && typeof hint.name === 'string' ? hint.name : '';
  } catch {
    return '';
  }
}

/** Remembers the signed-in user's display name for pages that do not load Amplify (null: forget it). */
export function rememberDisplayName(user: { userId: string; name: string } | null): void {
  try {
    if (user) localStorage.setItem(NAME_HINT_KEY, JSON.stringify({ userId: user.userId, name: user.name }));
    else localStorage.removeItem(NAME_HINT_KEY);
  } catch {
    // storage blocked: the ID token's claims stand in
  }
}

/**
 * Whether this user administers an organisation, as last looked up: true or false, or undefined
 * when no lookup has said (the header then looks it up, components/layout/org-admin-lookup.ts).
 */
export function orgAdminHintFor(userId: string, storage: Storage | null = globalThis.localStorage ?? null): boolean | undefined {
  try {
    const hint = JSON.parse(storage?.getItem(ORG_ADMIN_HINT_KEY) ?? 'null') as { userId?: unknown; orgAdmin?: unknown } | null;
    return hint?.userId === userId && typeof hint.orgAdmin === 'boolean' ? hint.orgAdmin : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers whether this user administers an organisation (null: signed out, forget it). */
export function setOrgAdminHint(userId: string | null, isAdmin: boolean): void {
  try {
    const before = localStorage.getItem(ORG_ADMIN_HINT_KEY);
    if (userId) localStorage.setItem(ORG_ADMIN_HINT_KEY, JSON.stringify({ userId, orgAdmin: isAdmin }));
    else localStorage.removeItem(ORG_ADMIN_HINT_KEY);
    if (before !== localStorage.getItem(ORG_ADMIN_HINT_KEY)) window.dispatchEvent(new Event(IDENTITY_HINT_EVENT));
  } catch {
    // storage blocked: the header just leaves the item out
  }
}
