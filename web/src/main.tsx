import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { isPrerenderedFor, loadMatchedRoutes } from './app/prerendered-root';
import { patchRoutesOnNavigation, routeObjects } from './app/router';
import './styles.css';

const container = document.getElementById('root')!;
const app = () => (
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routeObjects, { patchRoutesOnNavigation })} />
  </StrictMode>
);

if (isPrerenderedFor(container, window.location.pathname)) {
  void loadMatchedRoutes(routeObjects).then(() => hydrateRoot(container, app()));
} else {
  // Another page's markup (the SPA fallback serves the home page) or none: render from scratch.
  container.replaceChildren();
  createRoot(container).render(app());
}
