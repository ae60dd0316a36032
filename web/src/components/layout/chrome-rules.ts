/**
 * Where the site's header and footer show, and when the header gets its background. Pure rules,
 * kept apart from the components so they are easy to read and test.
 */

/** Header and footer are hidden on these paths and everything below them. */
const CHROMELESS_PATHS = ['/connect', '/auth', '/demo-editor-inline', '/images'] as const;

/**
 * Except on the sign-in / sign-up page (issue #16): a visitor comes to it from the site and must
 * be able to find the way back, so it keeps the site's header and footer. The rest of /auth
 * (sign-out, the hosted sign-in's hand-offs below /auth/signin) stays bare as the spec says.
 */
const AUTH_PAGES_WITH_CHROME = ['/auth/signin'] as const;

/** The header gets its background once the page is scrolled more than this many pixels. */
const HEADER_BACKGROUND_SCROLL_PX = 5;

const ENTERPRISE_DASHBOARD = '/enterprise/account';

const normalize = (pathname: string) => {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
};

const isAtOrBelow = (pathname: string, base: string) => {
  const p = normalize(pathname);
  return p === base || p.startsWith(`${base}/`);
};

/** True on /connect, /auth, /demo-editor-inline, /images and their sub-paths (/auth/signout, /images/123), but not /auth/signin. */
export function isChromeHidden(pathname: string): boolean {
  if (AUTH_PAGES_WITH_CHROME.includes(normalize(pathname) as (typeof AUTH_PAGES_WITH_CHROME)[number])) return false;
  return CHROMELESS_PATHS.some((base) => isAtOrBelow(pathname, base));
}

/** The enterprise account area (/enterprise/account and below). */
export function isEnterpriseDashboardPath(pathname: string): boolean {
  return isAtOrBelow(pathname, ENTERPRISE_DASHBOARD);
}

/** Background once scrolled more than 5px, and always on enterprise dashboard paths. */
export function headerHasBackground(pathname: string, scrollY: number): boolean {
  return scrollY > HEADER_BACKGROUND_SCROLL_PX || isEnterpriseDashboardPath(pathname);
}
