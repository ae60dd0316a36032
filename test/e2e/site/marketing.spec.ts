import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createNewsletterEndpoint } from '../../../scripts/local/newsletter-endpoint';

/**
 * The public marketing pages in a real browser. Against the local stack when it runs (its
 * /config.json names the API and the newsletter endpoint); otherwise the missing parts are
 * supplied here: a newsletter endpoint started in this process, and a routed contact-sales API.
 */
test.use({ baseURL: process.env.FPS_SITE_URL });
test.skip(!process.env.FPS_SITE_URL, 'FPS_SITE_URL is not set (no site to test)');

type Config = Record<string, unknown>;

/** The site's /config.json, or undefined when it has none (a bare dev server answers HTML or 404). */
async function siteConfig(request: APIRequestContext): Promise<Config | undefined> {
  const res = await request.get('/config.json');
  if (!res.ok()) return undefined;
  try {
    return (await res.json()) as Config;
  } catch {
    return undefined;
  }
}

/** A config the site's runtime-config reader accepts, for runs without the local stack. */
const standInConfig = (baseURL: string): Config => ({
  env: 'local',
  apiUrl: `${baseURL}/__marketing-test-api`,
  siteUrl: baseURL,
  auth: { mode: 'password', region: 'us-east-1', userPoolId: 'local_test', userPoolClientId: 'test' },
  extensionOrigins: [],
});

async function serveConfig(page: Page, config: Config) {
  await page.route('**/config.json', (route) => route.fulfill({ json: config }));
}

type Via = (page: Page) => ReturnType<Page['getByRole']>;
const footer = (name: string): Via => (page) => page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });
const header = (name: string): Via => (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Every marketing route, reached the way a visitor would: through the header and footer links. */
const routes: { path: string; h1: string; title: string; via?: Via }[] = [
  { path: '/faq', h1: 'Frequently asked questions', title: 'FAQ | Full Page Shot', via: footer('FAQ') },
  { path: '/legal', h1: 'Full Page Shot Legal', title: 'Full Page Shot Legal | Full Page Shot', via: footer('Full Page Shot Legal') },
  { path: '/premium', h1: 'Go Premium', title: 'Premium | Full Page Shot', via: header('Go Premium') },
  { path: '/press', h1: 'Press', title: 'Press | Full Page Shot', via: footer('Press') },
  { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy | Full Page Shot', via: footer('Privacy Policy') },
  { path: '/terms-of-use', h1: 'Terms of Use', title: 'Terms of Use | Full Page Shot', via: footer('Terms of Use') },
  { path: '/sales', h1: 'Contact Sales', title: 'Contact Sales | Full Page Shot', via: header('Contact Sales') },
  { path: '/newsletter', h1: 'Sign up for our newsletter', title: 'Newsletter | Full Page Shot', via: footer('Newsletter') },
  { path: '/enterprise', h1: 'Full Page Shot for Enterprise', title: 'Enterprise | Full Page Shot', via: header('Enterprise') },
  { path: '/contact', h1: 'Contact us', title: 'Contact | Full Page Shot', via: footer('Contact') },
  { path: '/coming-soon', h1: 'Full Page Shot Legal is launching soon', title: 'Coming soon | Full Page Shot', via: footer('Coming soon') },
  { path: '/about', h1: 'About Us', title: 'About Us | Full Page Shot', via: footer('About Us') },
  { path: '/accessibility', h1: 'Accessibility', title: 'Accessibility | Full Page Shot', via: footer('Accessibility') },
  { path: '/', h1: 'Screenshot a whole web page in one click', title: 'Full Page Shot', via: (page) => page.getByRole('banner').getByRole('link', { name: 'Full Page Shot' }) },
  { path: '/demos', h1: 'See Full Page Shot at work', title: 'Demos | Full Page Shot', via: footer('Demos') },
  { path: '/demo-editor-inline', h1: 'Editor demo', title: 'Editor demo | Full Page Shot', via: (page) => page.getByRole('link', { name: 'Open the editor demo with speed controls' }) },
  { path: '/style-guide', h1: 'Style guide', title: 'Style guide | Full Page Shot' },
];

test('every marketing route renders its one heading and its title; links navigate and scroll to the top', async ({ page }) => {
  await page.goto('/');
  for (const r of routes) {
    if (r.via) await r.via(page).click();
    else await page.goto(r.path);
    await expect(page, r.path).toHaveURL(new RegExp(`${r.path.replace(/[/.-]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1 }), r.path).toHaveText(r.h1);
    await expect(page.getByRole('heading', { level: 1 }), r.path).toHaveCount(1);
    await expect(page, r.path).toHaveTitle(r.title);
    // Footer links sit at the bottom of the page; the new page starts at the top.
    expect(await page.evaluate(() => window.scrollY), r.path).toBe(0);
  }
});

test('the page content matches the spec: reviews, logos, press, FAQ order, legal figures', async ({ page }) => {
  await page.goto('/');
  const asSeenIn = page.getByRole('region', { name: 'As seen in' });
  await expect(asSeenIn.getByRole('img')).toHaveCount(5);
  const reviews = page.getByRole('region', { name: 'What our users say' });
  await expect(reviews.getByRole('list')).toHaveCount(2);
  await expect(reviews.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Choose Premium' })).toHaveAttribute('href', '/checkout');

  await footer('Press')(page).click();
  await expect(page.locator('.press-item')).toHaveCount(16);
  await expect(page.locator('.press-item time')).toHaveCount(16);

  await footer('FAQ')(page).click();
  await expect(page.getByRole('navigation', { name: 'FAQ categories' }).getByRole('link')).toHaveText(['Introduction', 'Capture', 'Premium', 'Misc']);

  await footer('Privacy Policy')(page).click();
  await expect(page.getByText('within 72 hours')).toBeVisible();
  await footer('Terms of Use')(page).click();
  for (const figure of ['at least 18 years old', 'the greater of $500 USD or the amounts you paid us in the six months', 'There are no prorated refunds', '3 days before', '$12 USD per year', '7-day free trial']) {
    await expect(page.getByText(figure, { exact: false }).first()).toBeVisible();
  }
});

test('/index.html redirects to /, and an unknown path shows Page not found with a working Return to home', async ({ page }) => {
  await page.goto('/index.html');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Screenshot a whole web page in one click');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found | Full Page Shot');
  await page.getByRole('button', { name: 'Return to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Screenshot a whole web page in one click');
});

test('header: background after scrolling more than 5px, keyboard dropdown, hidden on chromeless pages', async ({ page }) => {
  await page.goto('/faq');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 5));
  await page.waitForTimeout(100);
  await expect(header).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-solid', 'true');

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Enterprise', 'Go Premium', 'Contact Sales', 'Account']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  const toggle = nav.getByRole('button', { name: 'Account menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const panel = nav.locator('.dropdown__panel');
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
  await nav.getByRole('link', { name: 'Account', exact: true }).hover();
  await expect(panel).toBeVisible();

  await page.goto('/demo-editor-inline');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Playback speed' }).getByRole('button')).toHaveText(['5×', '2×', '1×', '0.5×', '0.1×']);
  await page.getByRole('button', { name: '0.5×' }).click();
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.5);
});

test('mobile nav opens with the toggle and closes on a click outside the header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Go Premium' })).toBeVisible();
  await toggle.click();
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(nav).toBeVisible();
  // A click on the page below the open menu, outside the header.
  await page.mouse.click(20, 700);
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('home hero arrow scrolls to the benefits, 120px below the top', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Scroll to the benefits' }).click();
  await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('benefits')!.getBoundingClientRect().top))).toBe(120);
});

test('FAQ anchor #help-i-cant-log-in scrolls into view', async ({ page }) => {
  await page.goto('/faq#help-i-cant-log-in');
  const entry = page.locator('#help-i-cant-log-in');
  await expect(entry.getByRole('heading', { level: 3 })).toHaveText('Help! I can’t log in');
  await expect(entry).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

// One trial per customer: the prerendered pages cannot tell a returning customer, so they promise
// the trial to new subscribers only; the FAQ says what cancelling does (lambdas/billing/cancel-subscription.ts).
test('/premium and the FAQ promise the trial to new subscribers only and say what cancelling does', async ({ page }) => {
  await page.goto('/premium');
  // The intro says it; the Premium card says it once, on its billing line (not again in its summary).
  await expect(page.getByRole('main').getByText('$12 per year, with a 7-day free trial for new subscribers.', { exact: false })).toHaveCount(1);
  await expect(page.getByRole('main').getByText('7-day free trial for new subscribers', { exact: false })).toHaveCount(2);
  await expect(page.getByText(/free trial starts today|Start your (7-day )?free trial/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/checkout');

  await page.goto('/faq#how-do-i-cancel');
  const cancel = page.locator('#how-do-i-cancel');
  await expect(cancel).toContainText('the trial ends at once and you are not charged');
  await expect(cancel).toContainText('The trial is offered once per customer');
  await expect(cancel).toContainText('Premium stays active until the end of the year you paid for and does not renew');
  await expect(page.locator('#do-you-offer-refunds')).toContainText('cancelling it ends it at once');
});

test('a markdown javascript: link is shown as text and is not clickable', async ({ page }) => {
  await page.goto('/style-guide');
  const md = page.getByRole('region', { name: 'Markdown' });
  await expect(md.getByRole('link', { name: 'safe link to the FAQ' })).toHaveAttribute('href', '/faq');
  await expect(md.getByRole('link', { name: 'blocked javascript link' })).toHaveCount(0);
  const blocked = md.getByText('blocked javascript link');
  await expect(blocked).toBeVisible();
  expect(await blocked.evaluate((el) => el.closest('a'))).toBeNull();
  let dialog = false;
  page.on('dialog', (d) => {
    dialog = true;
    void d.dismiss();
  });
  await blocked.click();
  await expect(page).toHaveURL(/\/style-guide$/);
  expect(dialog).toBe(false);
});

test.describe('newsletter', () => {
  let server: Server | undefined;
  let dir: string | undefined;

  test.afterAll(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Uses the stack's endpoint when /config.json names one; otherwise starts the local endpoint here. */
  async function newsletterConfig(page: Page, request: APIRequestContext, baseURL: string) {
    const config = await siteConfig(request);
    if (typeof config?.newsletterUrl === 'string') return;
    if (!server) {
      dir = mkdtempSync(join(tmpdir(), 'fps-newsletter-'));
      server = createServer(createNewsletterEndpoint({ file: join(dir, 'newsletter.json') }));
      await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    }
    const { port } = server.address() as AddressInfo;
    await serveConfig(page, { ...(config ?? standInConfig(baseURL)), newsletterUrl: `http://127.0.0.1:${port}/newsletter/post-json` });
  }

  test('signs up, then shows the provider message for an address already subscribed', async ({ page, request, baseURL }) => {
    await newsletterConfig(page, request, baseURL!);
    const email = `reader-${Date.now()}@example.com`;
    await page.goto('/newsletter');
    const field = page.getByLabel('Email address');

    await field.fill('no-at-sign');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Please enter an e-mail address containing @\./);

    await field.fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' })).toBeVisible();

    await page.goto('/legal');
    await page.getByRole('button', { name: 'Sign up for news' }).click();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Sign up for news' }).click();
    await expect(page.getByRole('alert')).toHaveText(/already subscribed/);
  });
});

test('contact-sales form checks its fields and shows success after posting to submitContactSales', async ({ page, request, baseURL }) => {
  const config = await siteConfig(request);
  let posted: unknown;
  if (typeof config?.apiUrl !== 'string') {
    const standIn = standInConfig(baseURL!);
    await serveConfig(page, standIn);
    await page.route(`${standIn.apiUrl as string}/contact/sales`, async (route) => {
      posted = route.request().postDataJSON();
      await route.fulfill({ status: 201, json: { ok: true } });
    });
  }
  await page.goto('/sales');
  await expect(page.getByRole('link', { name: 'Full Page Shot for Enterprise' })).toHaveAttribute('href', '/enterprise');
  await expect(page.getByRole('link', { name: 'open a support ticket' })).toBeVisible();

  await page.getByRole('button', { name: 'Contact sales' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();

  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Work e-mail').fill(`ada-${Date.now()}@example.com`);
  await page.getByLabel('Company or organisation').fill('Analytical Engines');
  await page.getByLabel('Number of seats (optional)').fill('25');
  await page.getByLabel('How can we help?').fill('We archive web pages for audits.');
  await page.getByRole('button', { name: 'Contact sales' }).click();
  await expect(page.getByText('Thank you! We received your request.')).toBeVisible();
  if (posted !== undefined) expect(posted).toMatchObject({ name: 'Ada Lovelace', company: 'Analytical Engines', seats: 25 });
});

test('analytics: page changes reach the data layer, and /premium sends viewProduct and addToCart', async ({ page }) => {
  await page.goto('/premium');
  await header('Contact Sales')(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Sales');
  const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => `${e.event}:${String(e.page ?? e.eventAction ?? '')}`));
  expect(events).toEqual(expect.arrayContaining(['pageChange:/premium', 'viewProduct:View product', 'pageChange:/sales']));
  await page.goBack();
  await page.getByRole('link', { name: 'Get Premium' }).click();
  // The checkout's route module loads before the address changes: allow a slow chunk.
  await expect(page).toHaveURL(/\/checkout(\/account)?$/, { timeout: 15_000 });
  const afterClick = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event));
  expect(afterClick).toContain('addToCart');
});
