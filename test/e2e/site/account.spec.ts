import type { BrowserContext, Page } from '@playwright/test';
import { confirmedUser, demoAccount, expect as baseExpect, fillSignIn, PASSWORD, test, uniqueEmail } from './fixtures';

/**
 * The account page in a real browser against the local stack: sign-up with the e-mailed code,
 * sign-in with a `next` address, the org redirects and views, the e-mail change, and the
 * page-level `next` rules. Extension origins are added to the runtime config per test (the local
 * stack's list is empty), so no test depends on a built extension.
 */

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 10_000 });

const EXTENSION_ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

/** Serves /config.json with the given extension origins. */
async function withExtensionOrigins(context: BrowserContext, origins: string[]) {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const json = { ...(await response.json()), extensionOrigins: origins };
    await route.fulfill({ response, json });
  });
}

async function signIn(page: Page, email: string, password = PASSWORD, query = 'redirectPath=%2Faccount') {
  await page.goto(`/auth/signin?${query}`);
  await fillSignIn(page, email, password);
}

/** The value of a labelled account field (the <dd> after the <dt> with this label). */
const field = (page: Page, label: string) =>
  page.locator('.account-field').filter({ has: page.locator('dt').getByText(label, { exact: true }) }).locator('dd');

test.describe('account page', () => {
  test.beforeAll(async ({ browser }) => {
    // First visit lets Vite pre-bundle the sign-in dependencies (it reloads the page once when it does).
    const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
    await page.goto('/auth/signin?mode=signup');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible({ timeout: 30_000 });
    await page.close();
  });

  test('a visitor who is not signed in is offered sign-in, sign-up and the reload hint', async ({ page }) => {
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/signin?redirectPath=%2Faccount');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', /mode=signup/);
    await expect(page.getByText(/Force-reload the page \((ctrl\+F5|cmd\+shift\+r)\)/)).toBeVisible();
  });

  test('sign up, confirm with the code, and the account shows Basic', async ({ page, request }) => {
    const email = uniqueEmail('signup');
    await page.goto('/account');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    // The name is asked for at sign-up (optional) and greets the user (issue #24).
    await page.getByLabel('Name (optional)').fill('Grace Hopper');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await expect(page.getByText('Password must be 8+ characters long and include both lowercase and uppercase letters.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByLabel('Confirmation Code')).toBeVisible();
    // The code also lands in the local outbox.
    const outbox = await (await request.get(process.env.FPS_OUTBOX_URL!)).text();
    expect(outbox).toContain(email);
    await page.getByLabel('Confirmation Code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Welcome Grace Hopper' })).toBeVisible();
    // The name went as custom:signup_name (the app client may not write `name`); the PostConfirmation
    // trigger made it the account's name, so the header and the name field show it too.
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('.site-nav__dropdown .dropdown__label')).toHaveText('Grace Hopper');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Hopper');
    await expect(field(page, 'Subscription')).toHaveText('Basic');
    await expect(field(page, 'Email')).toContainText(email);
    await expect(field(page, 'Log-in Method')).toHaveText('Email');
    await expect(page.getByRole('link', { name: 'Go premium', exact: true })).toHaveAttribute('href', '/checkout');
    await expect(page.getByText('No payments yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/auth/signout');
    await expect(page.getByRole('link', { name: /to extension/ })).toHaveCount(0);
    // Non-production build: the DEBUG block.
    const debug = page.getByRole('region', { name: 'DEBUG' });
    await expect(debug).toContainText('User id');
    await expect(debug).toContainText('Subscription status');
  });

  test('a sign-in that lands on /account fetches the account once', async ({ page }) => {
    const email = await confirmedUser('once');
    const api = new URL(process.env.FPS_API_URL!).origin;
    const lookups: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.origin === api && url.pathname.endsWith('/account')) lookups.push(url.search);
    });
    await signIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome ${email}` })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The sign-in page's account load (it hands the extension the login) is the one /account shows;
    // the payment history (includePayments) is a lookup of its own.
    expect(lookups.filter((q) => !q.includes('includePayments'))).toEqual(['']);
  });

  test('signing in with a next address greets with Welcome back! and Return to extension', async ({ page, context }) => {
    await withExtensionOrigins(context, [EXTENSION_ORIGIN]);
    const next = `${EXTENSION_ORIGIN}/editor.html?capture=42`;
    await page.goto(`/account?next=${encodeURIComponent(next)}&p=popup&keep=1`);
    // 'next' and 'p' leave the address bar; other parameters stay.
    await expect(page).toHaveURL(/\/account\?keep=1$/);
    await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('fps.next'))).toBe(next);

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(demoAccount(JSON.parse(process.env.FPS_SEED!), 'free').email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(page.getByRole('link', { name: /to extension/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Return to extension' })).toHaveAttribute('href', next);

    // A later visit (not a fresh sign-in) keeps the way back but not the greeting.
    await page.reload();
    await expect(field(page, 'Subscription')).toHaveText('Basic');
    await expect(page.getByRole('link', { name: 'Return to extension' })).toHaveAttribute('href', next);
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toHaveCount(0);
  });

  test('a next address outside the allowed extension origins is never stored', async ({ page, context }) => {
    await withExtensionOrigins(context, [EXTENSION_ORIGIN]);
    const stored = () => page.evaluate(() => [sessionStorage.getItem('fps.next'), sessionStorage.getItem('fps.next.previous')]);
    const visit = async (next: string) => {
      await page.goto(`/account?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL(/\/account$/);
      // The sign-in prompt needs the runtime config, so by now the next address has been judged.
      await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
    };
    await visit('chrome-extension://evilevilevilevilevilevilevilevil/editor.html');
    expect(await stored()).toEqual([null, null]);
    await visit(`https://evil.example/${EXTENSION_ORIGIN}/`);
    expect(await stored()).toEqual([null, null]);
    // A good one is kept; the next good one moves it to the fallback slot; a bad one changes nothing.
    await visit(`${EXTENSION_ORIGIN}/a.html`);
    await visit(EXTENSION_ORIGIN);
    await visit(`${EXTENSION_ORIGIN}x/editor.html`);
    expect(await stored()).toEqual([EXTENSION_ORIGIN, `${EXTENSION_ORIGIN}/a.html`]);
  });

  test('an organisation admin is sent to /enterprise/account', async ({ page, seed }) => {
    await signIn(page, demoAccount(seed, 'org admin').email);
    // Sign-in goes to /account, which sends org admins on.
    await expect(page).toHaveURL(/\/enterprise\/account/);
  });

  test('an organisation member sees the group view and the success banner after joining', async ({ page, seed }) => {
    await signIn(page, demoAccount(seed, 'org member').email, PASSWORD, 'redirectPath=%2Faccount%3Forg%3Dsuccess');
    await expect(page).toHaveURL(/\/account\?org=success$/);
    await expect(page.getByText('Success. Your account is part of Acme Legal LLP')).toBeVisible();
    await expect(page.getByRole('link', { name: 'start guide' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Newsletter signup' })).toBeVisible();
    await expect(page.getByText('Contact your account administrator to make changes to this account.')).toBeVisible();
    await expect(field(page, 'Group name')).toHaveText('Acme Legal LLP');
    await expect(field(page, 'Group administrator')).toHaveText('admin@acme.example');
    await expect(field(page, 'Subscription')).toHaveText('Enterprise');
    await expect(field(page, 'Email')).toHaveText(demoAccount(seed, 'org member').email);
    await expect(field(page, 'Log-in Method')).toHaveText('Email');
    // Members cannot change the account.
    await expect(page.getByRole('button', { name: 'Change email' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go premium', exact: true })).toHaveCount(0);
  });

  test('a premium subscriber in trial sees Premium', async ({ page, seed }) => {
    await signIn(page, demoAccount(seed, 'premium').email);
    await expect(field(page, 'Subscription')).toContainText('Premium (Free trial)');
    await expect(page.getByRole('link', { name: 'Go premium', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'DEBUG' })).toContainText('trialing');
  });

  test('change e-mail: an address in use reads exactly like a free one (no account oracle), and both ask for the code', async ({ page, seed }) => {
    const email = await confirmedUser();
    await signIn(page, email);
    await expect(field(page, 'Email')).toContainText(email);

    for (const next of [demoAccount(seed, 'free').email, uniqueEmail('changed')]) {
      await page.getByRole('button', { name: 'Change email' }).click();
      const input = page.getByLabel('New email address');
      await expect(input).toHaveAttribute('type', 'email');
      await input.fill(next);
      await page.getByRole('button', { name: 'Update email' }).click();
      // The change needs the code e-mailed to the new address (the whole flow: email-change.spec.ts).
      const confirm = page.getByRole('form', { name: 'Confirm new email' });
      await expect(confirm).toContainText(`We sent a 6-digit code to ${next}.`);
      await expect(page.getByText('This email address is already used by another account.')).toHaveCount(0);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(field(page, 'Email')).toContainText(email);
    }
  });
});
