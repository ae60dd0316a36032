import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { isChromeHidden } from '../components/layout/chrome-rules';
import { ScrollManager } from '../components/layout/scroll-manager';
import { SiteHeader } from '../components/layout/site-header';
import { trackPageChange } from '../lib/page-view';
import { AppProviders } from './providers';

// At the bottom of every page: prerendered pages show it at once and hydrate it when it arrives.
const SiteFooter = lazy(() => import('../components/layout/site-footer').then((m) => ({ default: m.SiteFooter })));

/**
 * The frame around every page: skip link, header, the page in <main>, footer. Header and footer
 * are left out on /connect, /auth, /demo-editor-inline and /images (and below). Pages render
 * their content (with one h1) inside this <main>, so they should not add a <main> of their own.
 * The site-wide providers (page-level rules, extension bridge, error reporting) wrap every page.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const bare = isChromeHidden(pathname);

  useEffect(() => {
    trackPageChange(pathname);
  }, [pathname]);

  return (
    <AppProviders>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <ScrollManager />
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      {!bare && <SiteHeader />}
      <main id="main-content" tabIndex={-1} className={bare ? 'site-main site-main--bare' : 'site-main'}>
        <Outlet />
      </main>
      {!bare && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </AppProviders>
  );
}
