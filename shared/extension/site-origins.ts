/**
 * Where the website lives, as the extension sees it. The release build reads these defaults unless
 * EXTENSION_SITE_ORIGINS / EXTENSION_SITE_URL are set; the dev build uses DEV_SITE_ORIGINS.
 */

/** The production website origin (master's siteUrl in infra/environments.ts; a test keeps them equal). */
export const PRODUCTION_SITE_ORIGIN = 'https://www.fullpageshot.example';

/** The local stack's Vite dev server, reachable under both loopback names. */
export const DEV_SITE_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'] as const;

/** The local stack's site URL (links from a dev build point here). */
export const DEV_SITE_URL = DEV_SITE_ORIGINS[0];

/**
 * What a build holds when nothing else is asked for: the store (release) build, so production
 * origins only. A store zip that trusted loopback origins would accept logins from whatever runs
 * on the user's own port 5173. Local origins go only into the dev build (`npm start`, e2e tests).
 */
export const DEFAULT_SITE_ORIGINS: readonly string[] = [PRODUCTION_SITE_ORIGIN];
export const DEFAULT_SITE_URL = PRODUCTION_SITE_ORIGIN;

/** True for loopback origins (localhost, 127.x, [::1]), which a release build must not trust. */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/** Parses a comma-separated origin list, normalising each entry to `URL.origin` and dropping junk. */
export function parseOriginList(value: string | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const raw of value.split(',')) {
    const trimmed = raw.trim();
    if (!trimmed) continue;
    let origin: string;
    try {
      origin = new URL(trimmed).origin;
    } catch {
      throw new Error(`Not an origin: ${trimmed}`);
    }
    if (origin === 'null') throw new Error(`Not an http(s) origin: ${trimmed}`);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

/** The match pattern that lets one origin embed the frame page (web_accessible_resources). */
export function originToMatchPattern(origin: string): string {
  const u = new URL(origin);
  // `host` keeps an explicit port: Chrome matches it exactly (no port = any port).
  return `${u.protocol}//${u.host}/*`;
}

/**
 * The same for Firefox, whose match patterns take no port: the host on any port (only local
 * origins have one; the frame page still checks the exact origin, frame/bridge.ts).
 */
export function originToFirefoxMatchPattern(origin: string): string {
  const u = new URL(origin);
  return `${u.protocol}//${u.hostname}/*`;
}
