import type { Page } from '@playwright/test';
import { confirmedUser, expect as baseExpect, fillSignIn, test } from './fixtures';

/**
 * The first paint of /account and /checkout is true for every visitor. The site's build serves
 * their prerendered HTML (web/prerender-plugin.ts), as the browser tests' local stack does; the
 * SPA then takes over. The HTML holds two paints, and its
 * stored-session probe picks one before the first paint. An init script records the visible
 * <main>'s text and h1 at every frame from the first paint on: a signed-in user must never see the
 * signed-out view, and a signed-out visitor must see nothing else.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The texts the visible <main> goes through and the h1s it shows, read at every frame (what is
 * painted; both paints are in the DOM, only one is visible).
 */
const RECORD_TEXTS = `window.__fpsTexts = []; window.__fpsH1s = [];
let pending = false;
const record = () => {
  pending = false;
  const main = [...document.querySelectorAll('main')].find((m) => m.checkVisibility());
  if (!main) return;
  const text = main.innerText;
  if (window.__fpsTexts.at(-1) !== text) window.__fpsTexts.push(text);
  const h1 = main.querySelector('h1')?.innerText.trim();
  if (h1 && window.__fpsH1s.at(-1) !== h1) window.__fpsH1s.push(h1);
};
// Read at the next frame after each change: what gets painted.
new MutationObserver(() => {
  if (!pending) { pending = true; requestAnimationFrame(record); }
}).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });`;

const recorded = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __fpsTexts: string[]; __fpsH1s: string[] };
    return { texts: w.__fpsTexts, h1s: w.__fpsH1s };
  });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(RECORD_TEXTS);
});

test.describe('first paint of /account and /checkout', () => {
  test('without JavaScript the HTML shows the signed-out view, never "Checking your sign-in…" or both', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.FPS_SITE_URL });
    const page = await context.newPage();
    for (const [path, h1] of [['/account', 'You are not signed in'], ['/checkout', 'Sign Up']]) {
      await page.goto(path);
      await expect(page.locator('main:visible')).toHaveCount(1);
      await expect(page.locator('main:visible h1')).toHaveText(h1);
      await expect(page.locator('main:visible')).not.toContainText('Checking your sign-in…');
      await expect(page.locator('header:visible')).toHaveCount(1);
      await expect(page.locator('footer:visible')).toHaveCount(1);
    }
    await context.close();
  });

  test('a visitor with stored tokens is shown the page h1 and "Checking your sign-in…" before any module runs', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'someone'));
    // Hold the SPA's scripts, so only the HTML and its inline probe have run.
    await page.route((url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'), () => undefined);
    await page.goto('/account', { waitUntil: 'commit' });
    await expect(page.locator('main:visible h1')).toHaveText('Account');
    await expect(page.locator('main:visible').getByRole('status')).toHaveText('Checking your sign-in…');
    await expect(page.locator('main:visible')).not.toContainText('You are not signed in');
  });

  test('a signed-in user loading /account never sees "You are not signed in"', async ({ page }) => {
    test.slow(); // signs in, then loads two pages anew on the dev server
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

  test('a signed-out visitor sees the signed-out view from the first paint on, nothing before it', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await recorded(page)).h1s).toEqual(['You are not signed in']);

    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/account$/);
    await expect(page.getByText('Creating an account is as easy as 1-2-3')).toBeVisible();
    expect((await recorded(page)).h1s).toEqual(['Sign Up']);
  });
});
