import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * How a prerendered page marks its markup: the root element names the path it was rendered for.
 * The CloudFront fallback serves the home page's HTML for paths that have no file of their own, so
 * the client hydrates only when the marked path is the one in the address bar.
 */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';

/** '/faq/' and '/faq' are the same page; '/' stays '/'. */
const normalizePathname = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** True when `root` holds markup prerendered for `pathname`. */
export function isPrerenderedFor(root: Element, pathname: string): boolean {
  return root.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === normalizePathname(pathname) && root.firstElementChild !== null;
}

/**
 * Loads the lazy modules of the routes that match the address before the router starts, so the
 * first render is the page itself (what the prerendered markup shows) rather than the fallback.
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: Pick<Location, 'pathname'> = window.location): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
