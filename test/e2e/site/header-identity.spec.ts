import type { Page, Route } from '@playwright/test';
import { expectAccessible } from './axe';
import { confirmedUser, demoAccount, expect as baseExpect, fillSignIn, test } from './fixtures';

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The header's Account menu follows the sign-in state (issue #24): signed out it offers Sign in and
 * Sign up; signed in it names the user and offers Account, Image library and Sign out, plus
 * Enterprise account for organisation admins only. The name set on /account is used by the
 * greeting and the header.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens the Account menu and returns its items' texts. */
async function menuItems(page: Page): Promise<string[]> {
  const toggle = nav(page).locator('.site-nav__dropdown .dropdown__toggle');
  await toggle.click();
  const panel = nav(page).locator('.site-nav__dropdown .dropdown__panel');
  await expect(panel).toBeVisible();
  const items = await panel.locator('[data-dropdown-item]').filter({ visible: true }).allInnerTexts();
  await page.keyboard.press('Escape');
  return items.map((t) => t.trim());
}

async function signIn(page: Page, email: string, password?: string) {
  await page.goto('/auth/signin?redirectPath=%2Faccount');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/(account|enterprise\/account\/overview)$/);
}

test.describe('header account menu', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
    await page.goto('/auth/signin');
    await baseExpect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.close();
  });

  test('a visitor who is signed out is offered Sign in and Sign up only', async ({ page }) => {
    await page.goto('/premium');
    expect(await menuItems(page)).toEqual(['Sign in', 'Sign up']);
  });

  test('a signed-in user sees their name (set on /account) and Account, Image library, Sign out', async ({ page }) => {
    const email = await confirmedUser('header');
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome ${email}` })).toBeVisible();

    // Without a name, the e-mail stands in.
    await expect(nav(page).locator('.site-nav__dropdown .dropdown__label')).toHaveText(email);
    expect(await menuItems(page)).toEqual(['Account', 'Image library', 'Sign out']);

    // Set a name: the greeting and the header follow, and it is kept (server side).
    const name = 'Ada Lovelace 🧮';
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome ${name}` })).toBeVisible();
    await expect(nav(page).locator('.site-nav__dropdown .dropdown__label')).toHaveText(name);
    await page.goto('/premium');
    await expect(nav(page).locator('.site-nav__dropdown .dropdown__label')).toHaveText(name);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome ${name}` })).toBeVisible();
    await expectAccessible(page, '/account (signed in)');
  });

  test('an organisation admin also sees Enterprise account', async ({ page, seed }) => {
    const admin = demoAccount(seed, 'org admin');
    await signIn(page, admin.email, admin.password);
    // Where signing in takes an org admin, once /account has loaded the account: the enterprise
    // area. (Leaving /account before that, the header could not know yet.)
    await expect(page).toHaveURL(/\/enterprise\/account\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await page.goto('/premium');
    await expect.poll(() => menuItems(page)).toEqual(['Account', 'Image library', 'Enterprise account', 'Sign out']);
  });

  test('an organisation admin who leaves /account before the account has loaded still gets Enterprise account', async ({ page, seed }) => {
    const admin = demoAccount(seed, 'org admin');
    // The account lookups wait until the admin has left /account for /premium.
    const api = new URL(process.env.FPS_API_URL!).origin;
    const held: Route[] = [];
    let holding = true;
    await page.route(
      (url) => url.origin === api && url.pathname.endsWith('/account'),
      (route) => (holding ? void held.push(route) : route.continue()),
    );
    await page.goto('/auth/signin?redirectPath=%2Faccount');
    await fillSignIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/account$/);
    await nav(page).getByRole('link', { name: 'Go Premium' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Go Premium' })).toBeVisible();
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => undefined); // a lookup the page gave up on
    await expect.poll(() => menuItems(page)).toEqual(['Account', 'Image library', 'Enterprise account', 'Sign out']);
  });
});
