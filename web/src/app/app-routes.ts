import type { RouteObject } from 'react-router-dom';
import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { checkoutRoutes } from './checkout-routes';
import { enterpriseRoutes } from './enterprise-routes';
import { libraryRoutes } from './library-routes';

/**
 * The signed-in areas' routes (account, checkout, enterprise account, admin, image library). The
 * router adds them under the root on the first navigation that needs them (router.tsx), so the
 * marketing pages' first load does not carry their route definitions.
 */
export const appRoutes: RouteObject[] = [...accountRoutes, ...checkoutRoutes, ...enterpriseRoutes, ...adminRoutes, ...libraryRoutes];
