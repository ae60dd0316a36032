import type { createBrowserRouter } from 'react-router-dom';
import { paths } from '../config/paths';

type SiteRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

const isSignOut = (pathname: string | undefined) => !!pathname && pathname.replace(/\/+$/, '') === paths.authSignOut.path;

/**
 * Sign-out begins the moment a navigation to /auth/signout starts (the click), not once its page
 * has loaded and mounted: a login hand-over the extension answered meanwhile minted a grant after
 * the click (issue 31). The auth store is imported, not bundled into the entry (issue #24); on a
 * signed-in page it is loaded already. Returns the router.
 */
export function latchSignOut<R extends SiteRouter>(router: R): R {
  const begin = () => void import('../lib/auth').then((m) => m.beginSignOut());
  if (isSignOut(router.state.location.pathname)) begin();
  router.subscribe((s) => {
    if (isSignOut(s.navigation.location?.pathname) || isSignOut(s.location.pathname)) begin();
  });
  return router;
}
