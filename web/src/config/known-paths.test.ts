import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appShellPaths } from '../prerender';
import { appRoutes } from '../app/app-routes';
import { marketingRoutes } from '../app/router';
import { isKnownPath, nestedAppPaths, nestedPageFiles } from './paths';

/** Every route pattern of a table, nested paths joined ('/enterprise/account/members', '/checkout/:stage?'). */
function patterns(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    const full = r.path ? (r.path.startsWith('/') ? r.path : `${base.replace(/\/$/, '')}/${r.path}`) : base;
    return [...(r.path ? [full] : []), ...(r.children ? patterns(r.children, full) : [])];
  });
}

describe('known paths (HTTP 404 for the rest)', () => {
  it('covers every route of the router: fixed paths exactly, dynamic ones under a nested app path', async () => {
    for (const p of [...patterns(marketingRoutes), ...patterns(appRoutes)]) {
      const fixed = p.replace(/\/:\w+\?$/, '');
      if (/[:*]/.test(fixed)) expect(nestedAppPaths.some((base) => fixed.startsWith(`${base}/`)), p).toBe(true);
      else expect(isKnownPath(fixed), p).toBe(true);
    }
    const files = await appShellPaths();
    for (const p of files) expect(isKnownPath(p), p).toBe(true);
    // The nested app paths that get a page file are exactly those listed (CloudFront serves them as such).
    expect(files.filter((p) => nestedAppPaths.some((base) => p.startsWith(`${base}/`))).sort()).toEqual([...nestedPageFiles].sort());
  });

  it('knows app and marketing addresses; the rest are unknown', () => {
    for (const p of ['/', '/faq', '/faq/', '/account', '/checkout/success', '/enterprise/account/members', '/invites', '/_test', '/index.html']) {
      expect(isKnownPath(p), p).toBe(true);
    }
    for (const p of ['/nope', '/faq/x', '/account/x', '/checkoutx', '/enterprise/accountx', '/images/1']) expect(isKnownPath(p), p).toBe(false);
    // The router agrees: none of those unknown paths matches a route but the catch-all.
    const table = [...marketingRoutes, ...appRoutes];
    for (const p of ['/nope', '/faq/x', '/account/x']) expect(matchRoutes(table, p), p).toBeNull();
  });
});
