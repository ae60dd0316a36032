import { beforeAll, describe, expect, it } from 'vitest';
import { prerenderedHtml } from '../prerender-plugin';
import { isPrerenderedFor } from './app/prerendered-root';
import { marketingRoutes } from './app/router';
import { AUTH_PENDING_PAINT_ATTRIBUTE } from './lib/auth-pending-paint';
import { appShellPaths, prerenderedPaths, renderAuthPendingPaint, renderPage, authPendingPaints, type PrerenderedPage } from './prerender';
import { PAINT_FOR, PAINT_FOR_ATTRIBUTE, STORED_SESSION_PROBE_SCRIPT } from '#shared/web/stored-session-probe';

/**
 * @vitest-isolate: React's server renderer here left LocationContext set for the next file's
 * client render in a shared module cache ("You cannot render a <Router> inside another <Router>").
 *
 * The emitted HTML of every prerendered page, as the build writes it. (Hydration in a browser,
 * with the console checked for mismatches, is part of `npm run bench:web`: rendering to HTML and
 * hydrating in one jsdom process would share React's context state between the two.)
 */

/** The built index.html's shape: module script in <head>, an empty root, the no-JS notice. */
const TEMPLATE = `<!doctype html><html lang="en"><head><title>Full Page Shot</title>
<script type="module" crossorigin src="/assets/index-1.js"></script></head>
<body><div id="root"></div><noscript>Full Page Shot needs JavaScript to show this page.</noscript></body></html>`;

const pages = new Map<string, PrerenderedPage>();
beforeAll(async () => {
  for (const path of prerenderedPaths()) pages.set(path, await renderPage(path));
}, 60_000);

describe('prerendered marketing pages', () => {
  it('are the marketing routes with a fixed path, taken from the router', () => {
    const paths = prerenderedPaths();
    expect(paths).toHaveLength(marketingRoutes.length - 1); // all but the /index.html redirect
    expect(paths).toEqual(expect.arrayContaining(['/', '/premium', '/faq', '/privacy', '/terms-of-use', '/press', '/enterprise']));
    expect(paths).not.toContain('/index.html');
    expect(paths).not.toContain('/account');
  });

  it('paint their content without JavaScript: header, one h1 in <main>, footer, the page title; no script but the probe', () => {
    for (const [path, page] of pages) {
      const html = prerenderedHtml(TEMPLATE, path, page);
      // DOMParser runs no scripts: this is the page as a browser with JavaScript off shows it.
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const root = doc.getElementById('root')!;
      expect(isPrerenderedFor(root, path), path).toBe(true);
      expect(doc.querySelectorAll('main h1'), path).toHaveLength(1);
      expect(doc.querySelector('main h1')!.textContent!.trim(), path).not.toBe('');
      expect(doc.querySelector('noscript'), path).toBeNull();
      expect(doc.title, path).toBe(page.title);
      // The module script of the template and the stored-session probe (allowed by hash in the
      // strict CSP), which marks <html> for the header's menu; no hydration data.
      const scripts = [...doc.querySelectorAll('script')];
      expect(scripts.map((s) => s.getAttribute('src')), path).toEqual([null, '/assets/index-1.js']);
      expect(scripts[0].textContent, path).toBe(STORED_SESSION_PROBE_SCRIPT);
      if (path !== '/demo-editor-inline') {
        expect(doc.querySelector('header nav[aria-label="Main"]'), path).not.toBeNull();
        // Both sign-in states' menu items, each keyed to the probe's mark (styles.css), so the first
        // paint shows only the visitor's; never an item for org admins (not knowable before JS).
        const items = (cls: string) => [...doc.querySelectorAll(`header .site-nav__dropdown li.${cls}`)].map((li) => li.textContent);
        expect(items('when-signed-out'), path).toEqual(['Sign in', 'Sign up']);
        expect(items('when-signed-in'), path).toEqual(['Account', 'Image library', 'Sign out']);
        expect(doc.querySelector('header')!.textContent, path).not.toContain('Enterprise account');
        expect(doc.querySelector('footer'), path).not.toBeNull();
      }
    }
    expect(pages.get('/')!.html).toContain('What our users say'); // the lazy below-the-fold part is in the HTML
    expect(pages.get('/premium')!.title).toBe('Premium | Full Page Shot');
  });

  it('the other fixed app paths get the SPA shell of their own (not the home page)', async () => {
    const shells = await appShellPaths();
    expect(shells).toEqual(expect.arrayContaining(['/account', '/checkout', '/images', '/admin', '/enterprise/account/overview', '/invites']));
    expect(shells.some((p) => /[:*]/.test(p))).toBe(false);
  });
});

describe('auth-pending first paints of app paths', () => {
  const paint = async (path: string) => {
    const html = prerenderedHtml(TEMPLATE, path, await renderAuthPendingPaint(authPendingPaints[path]), { authPendingPaint: true });
    return new DOMParser().parseFromString(html, 'text/html');
  };
  const paintFor = (doc: Document, which: string) => doc.querySelector(`[${PAINT_FOR_ATTRIBUTE}="${which}"]`)!;

  it('are /account and /checkout, which are app shell paths', async () => {
    expect(Object.keys(authPendingPaints).sort()).toEqual(['/account', '/checkout']);
    expect(await appShellPaths()).toEqual(expect.arrayContaining(Object.keys(authPendingPaints)));
  });

  it('/account holds the signed-out view and "Checking your sign-in…", each inside header and footer, marked to be replaced', async () => {
    const doc = await paint('/account');
    const root = doc.getElementById('root')!;
    expect(root.getAttribute(AUTH_PENDING_PAINT_ATTRIBUTE)).toBe('/account');
    expect(isPrerenderedFor(root, '/account')).toBe(false);
    expect([...root.children].map((c) => c.getAttribute(PAINT_FOR_ATTRIBUTE))).toEqual([PAINT_FOR.noSession, PAINT_FOR.storedSession]);

    const checking = paintFor(doc, PAINT_FOR.storedSession);
    expect([...checking.querySelectorAll('main h1')].map((h) => h.textContent)).toEqual(['Account']);
    expect(checking.querySelector('main [role="status"]')?.textContent).toBe('Checking your sign-in…');
    expect(checking.querySelector('main')!.textContent).not.toContain('You are not signed in');

    const signedOut = paintFor(doc, PAINT_FOR.noSession);
    expect(signedOut.querySelector('main h1')?.textContent).toBe('You are not signed in');
    expect(signedOut.querySelector('main a[href^="/auth/signin"], main button')).not.toBeNull();
    expect(signedOut.querySelector('main')!.textContent).not.toContain('Checking your sign-in…');

    for (const part of [checking, signedOut]) {
      expect(part.querySelector('header nav[aria-label="Main"]')).not.toBeNull();
      expect(part.querySelector('footer')).not.toBeNull();
    }
    expect(doc.title).toBe('Account | Full Page Shot');
    // The one inline script is the stored-session probe, first in <head>'s additions; the notice stays.
    expect(doc.querySelector('noscript')).not.toBeNull();
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual([null, '/assets/index-1.js']);
    expect(scripts[0].textContent).toBe(STORED_SESSION_PROBE_SCRIPT);
  });

  it('/checkout holds the sign-up stage and "Checking your sign-in…", both under its steps', async () => {
    const doc = await paint('/checkout');
    expect(doc.getElementById('root')!.getAttribute(AUTH_PENDING_PAINT_ATTRIBUTE)).toBe('/checkout');
    const checking = paintFor(doc, PAINT_FOR.storedSession);
    expect(checking.querySelector('main h1')?.textContent).toBe('Checkout');
    expect(checking.querySelector('main [role="status"]')?.textContent).toBe('Checking your sign-in…');
    expect(checking.querySelector('main')!.textContent).not.toContain('Creating an account is as easy as 1-2-3');
    const signedOut = paintFor(doc, PAINT_FOR.noSession);
    expect(signedOut.querySelector('main')!.textContent).toContain('Creating an account is as easy as 1-2-3');
    expect(signedOut.querySelector('main')!.textContent).not.toContain('Checking your sign-in…');
    for (const part of [checking, signedOut]) expect(part.querySelector('main nav[aria-label="Checkout steps"]')).not.toBeNull();
    expect(doc.title).toBe('Checkout | Full Page Shot');
  });
});
