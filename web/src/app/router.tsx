import { createBrowserRouter, redirect, RouterProvider, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { checkoutRoutes } from './checkout-routes';
import { enterpriseRoutes } from './enterprise-routes';
import { libraryRoutes } from './library-routes';

/** The public marketing and content pages (each module exports `Component`). */
const marketingRoutes: RouteObject[] = [
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

/**
 * The route table of the site. Each page loads lazily so a page's code ships only to those who
 * open it (marketing pages stay near the bare React floor; Amplify loads with account pages).
 */
export const routeObjects: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./root-layout')).RootLayout }),
    // Nothing to show while the first page's code loads (it is quick); stated so React Router does not warn.
    HydrateFallback: () => null,
    children: [...marketingRoutes, ...accountRoutes, ...checkoutRoutes, ...enterpriseRoutes, ...adminRoutes, ...libraryRoutes, notFoundRoute],
  },
];

const router = createBrowserRouter(routeObjects);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
