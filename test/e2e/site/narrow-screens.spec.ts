import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { demoAccount, expect as baseExpect, fillSignIn, test } from './fixtures';

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * No page scrolls sideways on a 360 px phone (issue #24): the marketing pages, sign-in, Page not
 * found, and the signed-in areas: /account with a payment listed (its Payments table folds into
 * cards, as the members table does), /images with a library in it, the enterprise overview and
 * members pages (org admin) and the staff admin page with a user looked up (/ziggy). The
 * signed-out page loads run the accessibility check (axe) too.
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

/** Signs in through the site's form and waits for the page `redirectPath` leads to. */
async function signIn(page: Page, email: string, password: string, redirectPath: string, landing: RegExp) {
  await page.goto(`/auth/signin?${new URLSearchParams({ redirectPath })}`);
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(landing);
}

const fits = async (page: Page, what: string) =>
  expect(await sideways(page), `${what}: ${(await overflowing(page)).join(', ')}`).toBeLessThanOrEqual(0);

test('/account with a payment listed fits 360 and 390 px, payments fold into cards; /images with a library fits 360 px', async ({ page, seed }) => {
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
  await signIn(page, premium.email, premium.password, '/account', /\/account$/);
  const payments = page.locator('.billing-payments table');
  await expect(payments.getByRole('row').nth(1)).toBeVisible();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await fits(page, `/account at ${width}px`);
  }
  await expectAccessible(page, '/account (signed in, with payments)');

  // The library, with images whose titles and source addresses are long single words (the demo
  // user's library is empty: the list comes back as the API would send it).
  await page.setViewportSize({ width: 360, height: 740 });
  const api = new URL(process.env.FPS_API_URL!).origin;
  const now = new Date().toISOString();
  const images = ['a', 'b', 'c'].map((id) => ({
    id: `00000000-0000-4000-8000-00000000000${id}`, title: `An-image-title-without-any-spaces-that-goes-on-and-on-${id}`, notes: 'Notes '.repeat(40),
    created: now, updated: now, urlFull: null, urlThumb: null,
    urlLink: `https://docs.example.com/a/very/long/path/without/breaks/${'segment'.repeat(12)}/${id}`,
  }));
  await page.route((url) => url.origin === api && /\/images\/?$/.test(url.pathname), (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: images }) : route.fallback(),
  );
  await page.goto('/images');
  await expect(page.getByText(images[0].title).first()).toBeVisible();
  await fits(page, '/images with a library');

  // The viewer at 360 px (issue #31 §5): the image is not covered by default, and once the sidebar
  // is shown its Delete is on screen without scrolling.
  await page.getByText(images[0].title).first().click();
  await expect(page.getByRole('button', { name: 'Show sidebar' })).toBeVisible();
  await expect(page.locator('.library-viewer__side')).toBeHidden();
  await page.getByRole('button', { name: 'Show sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeInViewport({ ratio: 1 });
});

test('the enterprise overview and members pages (org admin) and the staff admin page fit 360 px', async ({ page, browser, seed }) => {
  test.slow(); // two sign-ins
  const admin = demoAccount(seed, 'org admin');
  await signIn(page, admin.email, admin.password, '/enterprise/account', /\/enterprise\/account\/overview$/);
  await expect(page.getByRole('heading', { name: 'Acme Legal LLP' })).toBeVisible();
  await expect(page.getByTestId('seats-used')).toBeVisible();
  await fits(page, 'the enterprise overview');
  // The members list as the API sends it, plus two members with long unbroken addresses and names.
  const api = new URL(process.env.FPS_API_URL!).origin;
  const long = `someone-with-a-very-long-address-${'x'.repeat(30)}@subdomain.example.com`;
  await page.route((url) => url.origin === api && /\/orgs\/[^/]+\/members$/.test(url.pathname), async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const { members } = (await response.json()) as { members: Record<string, unknown>[] };
    const like = members.find((m) => m.orgStatus === 'active' && m.orgRole === 'member') ?? members[0];
    const extra = [
      { ...like, userId: 'e2e-long-1', email: long, name: `Name-without-spaces-${'y'.repeat(40)}`, orgStatus: 'active' },
      { ...like, userId: 'e2e-long-2', email: `2-${long}`, orgStatus: 'deactivated' },
    ];
    await route.fulfill({ response, json: { members: [...members, ...extra] } });
  });
  await page.goto('/enterprise/account/members');
  await expect(page.getByRole('rowheader', { name: admin.email })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: long }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend / })).toBeVisible();
  await fits(page, 'the members page');
  // The table folds into cards rather than scrolling inside its frame.
  const table = page.locator('.enterprise-table-wrap').first();
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth), 'the members table scrolls sideways').toBeLessThanOrEqual(0);

  // Staff, in a browser of their own: the admin page with a user looked up (ids, addresses, links).
  const staff = demoAccount(seed, 'staff');
  const context = await browser.newContext({ baseURL: process.env.FPS_SITE_URL, viewport: { width: 360, height: 740 } });
  try {
    const staffPage = await context.newPage();
    const lookup = `/ziggy?q=${encodeURIComponent(demoAccount(seed, 'org member').email)}`;
    await signIn(staffPage, staff.email, staff.password, lookup, /\/ziggy\?q=/);
    await expect(staffPage.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    await expect(staffPage.getByTestId('panel-dynamo-org')).toContainText('Acme Legal LLP');
    await expect(staffPage.getByTestId('panel-stripe')).toBeVisible();
    await fits(staffPage, '/ziggy with a user looked up');
  } finally {
    await context.close();
  }
});
