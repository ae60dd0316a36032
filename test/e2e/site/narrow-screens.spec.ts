import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { demoAccount, expect as baseExpect, fillSignIn, test } from './fixtures';

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * No page scrolls sideways on a 360 px phone (issue #24): the marketing pages, sign-in, Page not
 * found, and /account with a payment listed (its Payments table folds into cards, as the members
 * table does). The same page loads run the accessibility check (axe).
 */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The innermost elements sticking out on the right, to say what to fix when a page scrolls sideways. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    // Clipped content does not count (a visually hidden table head is out of sight on purpose).
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > limit + 0.5 && !clipped(el);
    return [...document.querySelectorAll('body *')]
      .filter((el) => sticksOut(el) && ![...el.children].some(sticksOut))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(el.getBoundingClientRect().right)}px`);
  });

const PAGES = [
  '/', '/faq', '/legal', '/premium', '/press', '/privacy', '/terms-of-use', '/sales', '/newsletter', '/enterprise', '/contact',
  '/coming-soon', '/about', '/accessibility', '/demos', '/style-guide', '/auth/signin', '/no-such-page', '/images',
];

test.use({ viewport: { width: 360, height: 740 } });

test('every page fits a 360 px screen without sideways scrolling, and passes the accessibility check', async ({ page }) => {
  test.slow();
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
    expect(await sideways(page), `${path}: ${(await overflowing(page)).join(', ')}`).toBeLessThanOrEqual(0);
    await expectAccessible(page, path);
  }
  // The small-screen menu, open.
  await page.goto('/premium');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page, 'the open small-screen menu');
});

test('/account with a payment listed fits 360 and 390 px; payments fold into cards', async ({ page, seed }) => {
  const premium = demoAccount(seed, 'premium');
  // The demo subscriber is still in the trial (nothing paid yet): give the payments lookup a paid
  // year and a refunded one, as Stripe lists them, so the table has rows.
  await page.route((url) => url.pathname.endsWith('/account') && url.searchParams.has('includePayments'), async (route) => {
    const response = await route.fetch();
    const account = (await response.json()) as Record<string, unknown>;
    const created = Math.floor(Date.now() / 1000) - 86_400;
    const payments = [
      { id: 'ch_e2e_1', created, status: 'succeeded', nickname: 'Premium (1 year)', amount: 1200, receipt_url: 'https://pay.stripe.com/receipts/e2e_1', refunds: [] },
      { id: 'ch_e2e_2', created: created - 400 * 86_400, status: 'succeeded', nickname: 'Premium (1 year)', amount: 1200, receipt_url: null, refunds: [{ created }] },
    ];
    await route.fulfill({ response, json: { ...account, payments } });
  });
  await page.goto('/auth/signin?redirectPath=%2Faccount');
  await fillSignIn(page, premium.email, premium.password);
  await expect(page).toHaveURL(/\/account$/);
  const payments = page.locator('.billing-payments table');
  await expect(payments.getByRole('row').nth(1)).toBeVisible();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sideways(page), `${width}px: ${(await overflowing(page)).join(', ')}`).toBeLessThanOrEqual(0);
  }
  await expectAccessible(page, '/account (signed in, with payments)');
});
