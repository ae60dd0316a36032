import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { withQueries } from './with-queries';

/** The staff admin tool, lazy: /admin, and /ziggy (the search route the tool's links point at). */
const adminPage = () => withQueries(import('../features/admin/routes/admin'));

export const adminRoutes: RouteObject[] = [
  { path: paths.admin.path, lazy: adminPage },
  { path: paths.ziggy.path, lazy: adminPage },
];
