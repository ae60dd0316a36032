import { matchRoutes, type RouteObject } from 'react-router-dom';
import { routeObjects } from './router';

/**
 * Route code fetched before the click that needs it (issue #31 "slow spots"): a route's `lazy`
 * called ahead runs the same dynamic imports the router runs on navigation, which then find them
 * done. Marketing pages are a few KB each, so the header's links load when the browser is idle;
 * the signed-in areas' routes (the account code: zod, the API's schemas) load on intent only: a
 * pointer over a link, or focus on it. Loaded itself at idle (main.tsx), off the first load.
 */

const done = new Set<string>();

async function routesFor(pathname: string, withAppRoutes: boolean): Promise<RouteObject[]> {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  if (!matches.some((m) => m.route.path === '*')) return matches.map((m) => m.route);
  if (!withAppRoutes) return [];
  const { appRoutes } = await import('./app-routes');
  return (matchRoutes([{ path: '/', children: appRoutes }], pathname) ?? []).map((m) => m.route);
}

/** Loads the code of the route at `pathname` (once); `withAppRoutes`: the signed-in areas' too. */
async function prefetchRoute(pathname: string, { withAppRoutes = false } = {}): Promise<void> {
  const key = `${withAppRoutes}:${pathname}`;
  if (done.has(key)) return;
  done.add(key);
  const routes = await routesFor(pathname, withAppRoutes);
  await Promise.all(routes.map((r) => (typeof r.lazy === 'function' ? (r.lazy as () => Promise<unknown>)() : undefined)));
}

/** The same-origin path an element's link goes to, if it is one. */
function linkPath(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  return link instanceof HTMLAnchorElement && link.origin === window.location.origin ? link.pathname : null;
}

/**
 * Starts prefetching, called when the browser is idle after a page has started (main.tsx): the
 * header's links now, any link on intent from now on.
 */
export function startRoutePrefetch(header: ParentNode | null): void {
  const onIntent = (e: Event) => {
    const path = linkPath(e.target);
    if (path && path !== window.location.pathname) void prefetchRoute(path, { withAppRoutes: true }).catch(() => undefined);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  for (const a of header?.querySelectorAll('a[href]') ?? []) {
    const path = linkPath(a);
    if (path) void prefetchRoute(path).catch(() => undefined);
  }
}
