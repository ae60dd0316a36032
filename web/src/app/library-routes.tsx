import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { withQueries } from './with-queries';

/** The image library (/images), lazy: its code and Amplify load only for those who open it. */
export const libraryRoutes: RouteObject[] = [{ path: paths.images.path, lazy: () => withQueries(import('../features/library/routes/library')) }];
