/**
 * Where the website lives, as the extension sees it. The build reads these defaults unless
 * EXTENSION_SITE_ORIGINS / EXTENSION_SITE_URL are set.
 */

/** The production website origin (master's siteUrl in infra/environments.ts; a test keeps them equal). */
export const PRODUCTION_SITE_ORIGIN = 'https://www.fullpageshot.example';

/** The local stack's Vite dev server, reachable under both loopback names. */
export const DEV_SITE_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'] as const;

export const DEFAULT_SITE_ORIGINS: readonly string[] = [...DEV_SITE_ORIGINS, PRODUCTION_SITE_ORIGIN];
export const DEFAULT_SITE_URL = 'http://127.0.0.1:5173';

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
