import type { RouteObject } from 'react-router-dom';

/** Checkout (/checkout/*), all lazy. */
export const checkoutRoutes: RouteObject[] = [];
