/**
 * Sign-out signs the extension out (issue 31 §1): however a person signs out of the site, the
 * extension keeps no login and no working upload grant, and the editor's Save says "Sign in
 * again". The sign-out page loads the account too; it used to mint a new grant right after the
 * revoke, so the extension could still save into the signed-out account.
 */
import type { Page } from '@playwright/test';
import { confirmedUser } from '../site/fixtures';
import { expect, grantStatus, signInAndHandOver, signOutOfSite, siteUrl, storedLogin, test } from './site-extension';
import { SHORT_BANDS_PAGE } from './pages';

test.describe.configure({ mode: 'serial' });
// Each way signs a new user in on the site (Vite compiles its pages on first use) and captures.
test.setTimeout(300_000);

/** How a person gets to the Sign out control (`open`), and uses it (`signOut`). */
type Way = { open?: (site: Page) => Promise<void>; signOut: (site: Page) => Promise<void> };

const ways: Array<[string, Way]> = [
  ['opening /auth/signout directly', {
    signOut: async (site) => {
      await site.goto(`${siteUrl()}/auth/signout`);
    },
  }],
  ["the account menu's Sign out on the home page", {
    open: async (site) => {
      await site.goto(`${siteUrl()}/`);
    },
    signOut: async (site) => {
      const nav = site.getByRole('navigation', { name: 'Main' });
      await nav.locator('.site-nav__dropdown .dropdown__toggle').click();
      await nav.locator('.site-nav__dropdown .dropdown__panel').getByRole('link', { name: 'Sign out' }).click();
    },
  }],
  ["/account's Sign out button", {
    // Opening /account while signed in hands a login over (a grant is minted): that is before the sign-out.
    open: async (site) => {
      await site.goto(`${siteUrl()}/account`);
      await site.getByRole('navigation', { name: 'Account actions' }).waitFor();
    },
    signOut: async (site) => {
      await site.getByRole('navigation', { name: 'Account actions' }).getByRole('link', { name: 'Sign out' }).click();
    },
  }],
];

for (const [how, way] of ways) {
  test(`signed out by ${how}: the extension holds no login and no working grant, and Save says "Sign in again"`, async ({ ext }) => {
    await signOutOfSite(ext);
    const site = await ext.context.newPage();
    await site.goto(`${siteUrl()}/auth/signin`);
    await signInAndHandOver(ext, site, await confirmedUser('signout'));
    const grant = (await storedLogin(ext))!.login.upload_grant!;
    const page = await ext.open(SHORT_BANDS_PAGE);
    const editor = await ext.capture(page);

    await way.open?.(site);
    // When the person signs out: the page's own clock at the click on Sign out (Playwright's click
    // takes 100-200 ms of checks before the page gets it), or the moment the address is opened.
    let clickedAt: number | undefined;
    await site.exposeFunction('__signOutClicked', (at: number) => (clickedAt ??= at));
    await site.evaluate(() => document.addEventListener('click', (e) => {
      const link = (e.target as Element).closest?.('a');
      if (link?.textContent?.trim() === 'Sign out') void (window as unknown as { __signOutClicked: (at: number) => void }).__signOutClicked(Date.now());
    }, true));
    // Every grant the site asks for once the person has signed out, and what the API answers.
    const grantAsks: Array<{ startedAt: number; status: number }> = [];
    site.on('response', (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/extension/grants') grantAsks.push({ startedAt: r.request().timing().startTime, status: r.status() });
    });
    const visited: string[] = [];
    site.on('framenavigated', (f) => {
      if (f === site.mainFrame()) visited.push(new URL(f.url()).pathname);
    });
    const before = Date.now();
    await way.signOut(site);
    // Through the sign-out page and on to where it leads.
    await expect.poll(() => visited.includes('/auth/signout') && visited.at(-1) !== '/auth/signout', { timeout: 30_000 }).toBe(true);
    // The race was over within ~20 ms of the revoke; give a late login far longer than that to land.
    await site.waitForTimeout(2000);

    const signedOutAt = clickedAt ?? before;
    expect(grantAsks.filter((g) => g.startedAt >= signedOutAt).map((g) => g.status)).toEqual([]);
    expect(await storedLogin(ext)).toBeUndefined();
    expect(await grantStatus(grant)).toBe(401);

    await editor.bringToFront();
    await editor.getByRole('button', { name: 'Save to library' }).click();
    await expect(editor.getByRole('button', { name: 'Sign in again' })).toBeVisible({ timeout: 15_000 });
    await expect(editor.locator('#save-error')).toHaveText(/You signed out of the site, so the capture was not saved/);
    await expect(editor.locator('body')).toHaveAttribute('data-state', 'ready');
    expect(new URL(editor.url()).protocol).toBe('chrome-extension:');
    await editor.close();
    await page.close();
    await site.close();
  });
}
