import { redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RootLayout } from './root-layout';

/**
 * The public marketing and content pages (each module exports `Component`). Every one of them with
 * a fixed path is prerendered to static HTML at build time (see `prerenderedPaths`).
 */
export const marketingRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../features/marketing/routes/home') },
  { path: '/index.html', loader: () => redirect(paths.home.href()), Component: () => null },
  { path: paths.faq.path, lazy: () => import('../features/marketing/routes/faq') },
  { path: paths.legal.path, lazy: () => import('../features/marketing/routes/legal') },
  { path: paths.premium.path, lazy: () => import('../features/marketing/routes/premium') },
  { path: paths.press.path, lazy: () => import('../features/marketing/routes/press') },
  { path: paths.privacy.path, lazy: () => import('../features/marketing/routes/privacy') },
  { path: paths.termsOfUse.path, lazy: () => import('../features/marketing/routes/terms-of-use') },
  { path: paths.sales.path, lazy: () => import('../features/marketing/routes/sales') },
  { path: paths.newsletter.path, lazy: () => import('../features/marketing/routes/newsletter') },
  { path: paths.enterprise.path, lazy: () => import('../features/marketing/routes/enterprise') },
  { path: paths.contact.path, lazy: () => import('../features/marketing/routes/contact') },
  { path: paths.comingSoon.path, lazy: () => import('../features/marketing/routes/coming-soon') },
  { path: paths.about.path, lazy: () => import('../features/marketing/routes/about') },
  { path: paths.accessibility.path, lazy: () => import('../features/marketing/routes/accessibility') },
  { path: paths.styleGuide.path, lazy: () => import('../features/marketing/routes/style-guide') },
  { path: paths.demoEditorInline.path, lazy: () => import('../features/marketing/routes/demo-editor-inline') },
  { path: paths.demos.path, lazy: () => import('../features/marketing/routes/demos') },
];

/** Any other path: 'Page not found' with a 'Return to home' button. */
const notFoundRoute: RouteObject = { path: '*', lazy: () => import('../features/marketing/routes/not-found') };

const ROOT_ROUTE_ID = 'root';

/**
 * The route table the site starts with. Each page loads lazily so a page's code ships only to
 * those who open it (marketing pages stay near the bare React floor; Amplify loads with account
 * pages). The root layout is part of every page, so it ships with the entry. The signed-in areas'
 * routes are not here: `patchRoutesOnNavigation` adds them (app-routes.ts) the first time a path
 * is not a marketing page, before anything renders for it.
 */
export const routeObjects: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    Component: RootLayout,
    // Nothing to show while the first page's code loads (it is quick); stated so React Router does not warn.
    HydrateFallback: () => null,
    children: [...marketingRoutes, notFoundRoute],
  },
];

let appRoutesAdded = false;

/**
 * Called by React Router for a path that only the not-found route matches: adds the signed-in
 * areas' routes once, then the router matches again (a path none of them knows stays not found).
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  if (appRoutesAdded) return;
  const { appRoutes } = await import('./app-routes');
  if (appRoutesAdded) return;
  appRoutesAdded = true;
  patch(ROOT_ROUTE_ID, appRoutes);
};

/**
 * The paths prerendered at build time: the marketing routes with a fixed path. Routes with a
 * loader (the /index.html redirect) or a dynamic segment are left to the SPA.
 */
export function prerenderedPaths(routes: RouteObject[] = marketingRoutes): string[] {
  return routes
    .filter((r) => !r.loader && (r.index || (r.path && !/[:*]/.test(r.path))))
    .map((r) => (r.index ? paths.home.path : r.path!));
}
