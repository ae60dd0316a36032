import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { earlyStartFor } from './app/early-start';
import { isPrerenderedFor, loadMatchedRoutes } from './app/prerendered-root';
import { patchRoutesOnNavigation, routeObjects } from './app/router';
import { latchSignOut } from './app/sign-out-latch';
import './styles.css';

const container = document.getElementById('root')!;

// Work the page's route would start only once loaded (the sign-in form's code) starts now.
void earlyStartFor(window.location.pathname)?.().then((m) => m.start());

/** Route code ahead of the click (app/prefetch-routes.ts), when the browser is idle after the page has started. */
function prefetchRoutesWhenIdle() {
  const start = () => void import('./app/prefetch-routes').then((m) => m.startRoutePrefetch(document.querySelector('.site-header')));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}

const newRouter = () => latchSignOut(createBrowserRouter(routeObjects, { patchRoutesOnNavigation }));
const app = (router: ReturnType<typeof newRouter>) => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

if (isPrerenderedFor(container, window.location.pathname)) {
  void loadMatchedRoutes(routeObjects).then(() => {
    hydrateRoot(container, app(newRouter()));
    prefetchRoutesWhenIdle();
  });
} else {
  // No markup, or markup not to hydrate (an app path's signed-out first paint). React replaces it
  // at its first commit, so that waits for the page's routes rather than showing a blank page; and
  // markup gets painted before the SPA's work starts.
  const boot = () => {
    const router = newRouter();
    // As a transition, React renders the page in slices that yield to the browser (no long task
    // while a whole account page renders); the markup on screen stays until the commit.
    const start = () => {
      startTransition(() => createRoot(container).render(app(router)));
      prefetchRoutesWhenIdle();
    };
    if (router.state.initialized) return start();
    const stop = router.subscribe(({ initialized }) => {
      if (initialized) {
        stop();
        start();
      }
    });
  };
  if (container.firstElementChild) requestAnimationFrame(() => setTimeout(boot));
  else boot();
}
