import { beforeAll, describe, expect, it } from 'vitest';
import { prerenderedHtml } from '../prerender-plugin';
import { isPrerenderedFor } from './app/prerendered-root';
import { marketingRoutes } from './app/router';
import { appShellPaths, prerenderedPaths, renderPage, type PrerenderedPage } from './prerender';

/**
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

  it('paint their content without JavaScript: header, one h1 in <main>, footer, the page title; no script', () => {
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
      // Only the module script of the template: no inline script (strict CSP), no hydration data.
      expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('src')), path).toEqual(['/assets/index-1.js']);
      if (path !== '/demo-editor-inline') {
        expect(doc.querySelector('header nav[aria-label="Main"]'), path).not.toBeNull();
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
