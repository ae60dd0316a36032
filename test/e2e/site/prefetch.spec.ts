import type { Page } from '@playwright/test';
import { confirmedUser, expect as baseExpect, fillSignIn, test } from './fixtures';

/**
 * Route code loads before the click that needs it (issue #31 "slow spots"): once a page has
 * settled, the header's pages, and on signed-in pages sign-out and the home page it shows, need no
 * further script. Each test lets the page settle, then holds every script request: the next
 * page must still show (what it loads below the fold afterwards may wait).
 */

const expect = baseExpect.configure({ timeout: 10_000 });

async function settleThenHoldScripts(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.route(/\.m?js(\?|$)/, () => new Promise<void>(() => undefined)); // never answered
}

test('Go Premium shows the Premium page without fetching code after the click', async ({ page }) => {
  await page.goto('/');
  await settleThenHoldScripts(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Go Premium' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Go Premium' })).toBeVisible();
});

test('sign-out shows the signed-out home page without fetching code after the click', async ({ page }) => {
  const email = await confirmedUser('prefetch');
  await page.goto('/auth/signin?redirectPath=%2Faccount');
  await fillSignIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${email}` })).toBeVisible();
  await settleThenHoldScripts(page);
  await page.getByRole('link', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('.site-nav__dropdown .dropdown__label')).toHaveText('Account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
