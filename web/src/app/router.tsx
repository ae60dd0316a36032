import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';

/**
 * The route table of the site. Each page loads lazily so a page's code ships only to those who
 * open it (marketing pages stay near the bare React floor; Amplify loads with account pages).
 */
export const routeObjects: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./root-layout')).RootLayout }),
    children: [],
  },
];

const router = createBrowserRouter(routeObjects);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
