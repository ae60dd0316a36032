import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createServer, createServerModuleRunner } from 'vite';
import { prerenderedHtml } from '../../../web/prerender-plugin';
import type * as Prerender from '../../../web/src/prerender';
import { confirmedUser, expect as baseExpect, fillSignIn, test } from './fixtures';

/**
 * The first paint of /account and /checkout is true for every visitor. The site's build serves
 * their prerendered HTML (web/prerender-plugin.ts); the local stack runs the dev server, so these
 * tests render that HTML the same way (web/src/prerender.tsx through Vite's SSR loader) and serve
 * it for the page's document, then let the SPA take over. An init script records every text the
 * page shows, from the parsed HTML on (a MutationObserver): a signed-in user must never see the
 * signed-out view, and a signed-out visitor must end on it, with the paint's h1 first.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

const WEB_ROOT = join(import.meta.dirname, '../../../web');
const PAINTED = ['/account', '/checkout'] as const;

/** The texts <main> goes through and the h1s it shows, recorded before any page script runs. */
const RECORD_TEXTS = `window.__fpsTexts = []; window.__fpsH1s = [];
new MutationObserver(() => {
  const main = document.querySelector('main');
  if (!main) return;
  const text = main.textContent;
  if (window.__fpsTexts.at(-1) !== text) window.__fpsTexts.push(text);
  const h1 = main.querySelector('h1')?.textContent.trim();
  if (h1 && window.__fpsH1s.at(-1) !== h1) window.__fpsH1s.push(h1);
}).observe(document, { childList: true, subtree: true, characterData: true });`;

const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __fpsTexts: string[]; __fpsH1s: string[] };
    return { texts: w.__fpsTexts, h1s: w.__fpsH1s };
  });

/** The prerendered pages' markup, rendered once for the file. */
let paints: Map<string, Prerender.PrerenderedPage>;

test.beforeAll(async () => {
  const server = await createServer({
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    root: WEB_ROOT,
    logLevel: 'warn',
    appType: 'custom',
    cacheDir: join(WEB_ROOT, '../node_modules/.vite-first-paint-test'),
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  try {
    const mod = (await runner.import('/src/prerender.tsx')) as typeof Prerender;
    paints = new Map();
    for (const path of PAINTED) paints.set(path, await mod.renderPage(mod.authPendingPaints[path], { withAppRoutes: true }));
  } finally {
    await runner.close();
    await server.close();
  }
});

/** Serves the document of each painted path as the build does: the dev server's page with the prerendered paint in #root. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(RECORD_TEXTS);
  await page.route(
    (url) => (PAINTED as readonly string[]).includes(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const path = new URL(route.request().url()).pathname;
      await route.fulfill({ response, body: prerenderedHtml(await response.text(), path, paints.get(path)!, { authPendingPaint: true }) });
    },
  );
});

test.describe('first paint of /account and /checkout', () => {
  test('the paint shows the page h1 and "Checking your sign-in…", never a sign-in state', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.FPS_SITE_URL });
    const page = await context.newPage();
    await page.route(
      (url) => (PAINTED as readonly string[]).includes(url.pathname),
      async (route) => {
        const response = await route.fetch();
        const path = new URL(route.request().url()).pathname;
        await route.fulfill({ response, body: prerenderedHtml(await response.text(), path, paints.get(path)!, { authPendingPaint: true }) });
      },
    );
    for (const [path, h1] of [['/account', 'Account'], ['/checkout', 'Checkout']]) {
      await page.goto(path);
      await expect(page.locator('main h1')).toHaveText(h1);
      await expect(page.locator('main').getByRole('status')).toHaveText('Checking your sign-in…');
      await expect(page.locator('main')).not.toContainText('You are not signed in');
      await expect(page.locator('main')).not.toContainText('Creating an account is as easy as 1-2-3');
    }
    await context.close();
  });

  test('a signed-in user loading /account never sees "You are not signed in"', async ({ page }) => {
    const email = await confirmedUser('first-paint');
    await page.goto('/auth/signin?redirectPath=%2Faccount');
    await fillSignIn(page, email);
    await expect(page.getByRole('heading', { name: /^Welcome / })).toBeVisible();

    await page.goto('/account'); // a fresh document: the prerendered paint, then the SPA
    await expect(page.getByRole('heading', { name: /^Welcome / })).toBeVisible();
    const { texts, h1s } = await recorded(page);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((t) => t.includes('You are not signed in'))).toEqual([]);
    expect(h1s[0]).toBe('Account'); // the paint's h1 came first, the SPA's first render kept it
    expect(h1s.at(-1)).toMatch(/^Welcome /);

    // The checkout as well: no sign-up stage on the way to the payment stage. Its request for a
    // payment page is held, so the browser stays here to be asked.
    await page.route((url) => url.href.startsWith(process.env.FPS_API_URL!), (route) => (route.request().method() === 'POST' ? undefined : route.fallback()));
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.locator('main h1')).toHaveText('Billing');
    const checkout = await recorded(page);
    expect(checkout.h1s[0]).toBe('Checkout');
    expect(checkout.h1s).not.toContain('Sign Up');
    expect(checkout.texts.filter((t) => t.includes('Creating an account is as easy as 1-2-3'))).toEqual([]);
  });

  test('a signed-out visitor goes from the paint straight to the signed-out view', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await recorded(page)).h1s).toEqual(['Account', 'You are not signed in']);

    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/account$/);
    await expect(page.getByText('Creating an account is as easy as 1-2-3')).toBeVisible();
    expect((await recorded(page)).h1s).toEqual(['Checkout', 'Sign Up']);
  });
});
