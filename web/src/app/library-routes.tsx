import type { RouteObject } from 'react-router-dom';

/** The image library (/images), lazy. */
export const libraryRoutes: RouteObject[] = [];
