/**
 * The build-time renderer of the marketing pages (run by web/prerender-plugin.ts in Node, through
 * Vite's SSR loader): the same route table as the browser, rendered with React Router's static
 * router. No hydration data is embedded (no inline script, so a strict CSP holds): the pages have
 * no loaders, and the client loads the matched route modules itself before it hydrates.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { paths } from './config/paths';
import { earlyStartFor } from './app/early-start';
import { prerenderedPaths, routeObjects } from './app/router';
import { PrerenderTitleContext } from './components/ui/page-title';
import { buildPageTitle } from './components/ui/page-title-text';

export { prerenderedPaths };

/** The whole route table: the one the site starts with plus the signed-in areas it adds later. */
async function allRoutes(): Promise<RouteObject[]> {
  const { appRoutes } = await import('./app/app-routes');
  return [...routeObjects, { path: '/', children: appRoutes }];
}

/**
 * App paths whose HTML is their first paint while nobody knows yet whether the visitor is signed
 * in (the auth store's prerender snapshot is 'loading', lib/auth.ts), each with the location
 * rendered: the header, the page's h1 and "Checking your sign-in…", true for every visitor and the
 * same as the SPA's first render. The SPA renders the page anew (no hydration) once its code has
 * loaded, then moves on to the signed-in or signed-out content.
 */
export const authPendingPaints: Record<string, string> = {
  [paths.account.path]: paths.account.path,
  [paths.checkout.path]: paths.checkout.path,
};

/** Same as the client after it has added the signed-in areas: root layout, marketing and app routes. */
async function routeTableWithAppRoutes(): Promise<RouteObject[]> {
  const { appRoutes } = await import('./app/app-routes');
  const root = routeObjects[0] as NonIndexRouteObject;
  return [{ ...root, children: [...root.children!, ...appRoutes] }];
}

/**
 * Every fixed path of the route table ('/checkout/:stage?' counts as '/checkout'); paths with
 * other dynamic segments or a file extension are left to the SPA fallback.
 */
export async function appShellPaths(): Promise<string[]> {
  const walk = (routes: RouteObject[], base: string): string[] =>
    routes.flatMap((r) => {
      const own = r.path?.replace(/\/:\w+\?$/, '');
      if (own && /[:*.]/.test(own)) return [];
      const full = own ? (own.startsWith('/') ? own : `${base.replace(/\/$/, '')}/${own}`) : base;
      const children = r.children ? walk(r.children, full) : [];
      return r.path || r.index ? [full || '/', ...children] : children;
    });
  return [...new Set(walk(await allRoutes(), ''))];
}

/**
 * Imports the lazy route modules `pathname` needs before it renders, as the browser does: the
 * matched routes' `lazy`, after adding the signed-in areas' routes when only the not-found route
 * matches (router.tsx), and the path's early start (app/early-start.ts). The prerender step reads
 * which modules that loaded to list the page's chunks as modulepreload links.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  await earlyStartFor(pathname)?.(); // what main.tsx starts on this path (app/early-start.ts)
  let matches = matchRoutes(routeObjects, pathname) ?? [];
  if (matches.some((m) => m.route.path === '*')) matches = matchRoutes(await allRoutes(), pathname) ?? [];
  await Promise.all(matches.map((m) => (typeof m.route.lazy === 'function' ? m.route.lazy() : undefined)));
}

export interface PrerenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The document title the page sets. */
  title: string;
  /**
   * An auth-pending paint's second markup: the signed-out view, shown instead of `html` ("Checking
   * your sign-in…") to a browser that stores no session (shared/web/stored-session-probe.ts).
   */
  signedOutHtml?: string;
}

/** An app path's auth-pending first paint (`authPendingPaints`): "Checking your sign-in…" and the signed-out view. */
export async function renderAuthPendingPaint(pathname: string): Promise<PrerenderedPage> {
  const { setPrerenderAuthStatus } = await import('./lib/auth');
  try {
    setPrerenderAuthStatus('signedOut');
    const signedOut = await renderPage(pathname, { withAppRoutes: true });
    setPrerenderAuthStatus('loading');
    const checking = await renderPage(pathname, { withAppRoutes: true });
    return { ...checking, signedOutHtml: signedOut.html };
  } finally {
    setPrerenderAuthStatus('loading');
  }
}

/** A marketing page, or with `withAppRoutes` an app path's auth-pending first paint (`authPendingPaints`). */
export async function renderPage(pathname: string, { withAppRoutes = false } = {}): Promise<PrerenderedPage> {
  const handler = createStaticHandler(withAppRoutes ? await routeTableWithAppRoutes() : routeObjects);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname}: the route answered with a redirect (${context.status})`);
  if (context.errors) throw new Error(`${pathname}: ${JSON.stringify(context.errors)}`);
  let title = buildPageTitle();
  const page = (
    <StrictMode>
      <PrerenderTitleContext value={(t) => (title = t)}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </PrerenderTitleContext>
    </StrictMode>
  );
  // A lazy section (inside <Suspense>) that loads during the render, or a large one, is streamed
  // after the rest with an inline script to put it in place. A lazy section renders inline once
  // loaded (the second pass), and no chunk limit keeps large ones in place.
  for (let pass = 0; pass < 3; pass++) {
    const html = await new Response((await prerender(page, { progressiveChunkSize: Infinity })).prelude).text();
    if (!html.includes('<script')) return { html, title };
  }
  throw new Error(`${pathname}: the markup still has an inline <script> (a strict CSP forbids them)`);
}
