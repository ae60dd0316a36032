import type { RouteObject } from 'react-router-dom';

/** Routes of the signed-in part of the site (auth, account, connect, _test), all lazy. */
export const accountRoutes: RouteObject[] = [];
