import type { RouteObject } from 'react-router-dom';

/** The staff admin tool (/admin and /ziggy), lazy. */
export const adminRoutes: RouteObject[] = [];
