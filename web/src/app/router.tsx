import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { checkoutRoutes } from './checkout-routes';
import { enterpriseRoutes } from './enterprise-routes';
import { libraryRoutes } from './library-routes';

/**
 * The route table of the site. Each page loads lazily so a page's code ships only to those who
 * open it (marketing pages stay near the bare React floor; Amplify loads with account pages).
 */
export const routeObjects: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./root-layout')).RootLayout }),
    children: [...accountRoutes, ...checkoutRoutes, ...enterpriseRoutes, ...adminRoutes, ...libraryRoutes],
  },
];

const router = createBrowserRouter(routeObjects);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
