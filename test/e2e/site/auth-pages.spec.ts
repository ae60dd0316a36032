import { expect as baseExpect, type Page } from '@playwright/test';
import { confirmedUser, demoAccount, fillSignIn, PASSWORD, test, uniqueEmail } from './fixtures';

/**
 * The sign-in and sign-up pages in the site's frame and colours, and answers that never tell
 * which e-mail addresses have accounts (unknown e-mail = wrong password; password reset alike).
 */

// The dev server compiles the Authenticator on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

/** The site's primary colour (--color-primary in web/src/styles.css). */
const SITE_PRIMARY = 'rgb(29, 78, 216)';

const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });
const codeField = (page: Page) => page.getByRole('textbox', { name: /^Code/ });
const errorOf = (page: Page) => page.locator('[data-amplify-authenticator]').getByRole('alert');

for (const [name, url, heading] of [
  ['sign-in', '/auth/signin', 'Sign in'],
  ['sign-up', '/auth/signin?mode=signup', 'Create your account'],
] as const) {
  test(`the ${name} page has the site's header and footer and the Authenticator in the site's colours`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Enterprise' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const primary = page.locator('[data-amplify-authenticator] .amplify-button--primary').first();
    await expect(primary).toBeVisible();
    await expect(primary).toHaveCSS('background-color', SITE_PRIMARY);
    await expect(page.locator('[data-amplify-authenticator] .amplify-tabs__item--active')).toHaveCSS('color', SITE_PRIMARY);
  });
}

test('sign-out stays without header and footer (spec: /auth is bare)', async ({ page }) => {
  await page.goto('/auth/signout');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('an unknown e-mail and a wrong password get the same message', async ({ page, seed }) => {
  await page.goto('/auth/signin');
  await fillSignIn(page, uniqueEmail('nobody'));
  await expect(errorOf(page)).toHaveText('Incorrect username or password.');
  const unknown = await errorOf(page).textContent();

  await page.reload();
  await fillSignIn(page, demoAccount(seed, 'free').email, `${PASSWORD}-wrong`);
  await expect(errorOf(page)).toHaveText('Incorrect username or password.');
  expect(await errorOf(page).textContent()).toBe(unknown);
  await expect(signInButton(page)).toBeVisible();
});

test('forgot password: an unknown e-mail gets the same code step as a known one, then a wrong-code answer', async ({ page, seed }) => {
  const reachCodeStep = async (email: string) => {
    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(codeField(page)).toBeVisible();
    return page.locator('[data-amplify-authenticator] form').innerText();
  };
  const known = await reachCodeStep(demoAccount(seed, 'free').email);
  const unknown = await reachCodeStep(uniqueEmail('nobody'));
  expect(unknown).toBe(known);

  await codeField(page).fill('123456');
  await page.getByLabel('New Password', { exact: true }).fill('Password456');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Password456');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(errorOf(page)).toHaveText('Invalid verification code provided, please try again.');
});

test('after a password reset the sign-in form says the password was changed and has the e-mail filled in', async ({ page }) => {
  const email = await confirmedUser('reset');
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await codeField(page).fill('123456');
  await page.getByLabel('New Password', { exact: true }).fill('Password456');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Password456');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed. Sign in with your new password.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill('Password456');
  await signInButton(page).click();
  await expect(page).toHaveURL(/\/account$/);
});

// Issue 31 (slow spots): a browser that stores no session is signed out; the form and the
// checkout's Sign Up stage show without waiting for Amplify to start (held back here).
test.describe('with no stored session, nothing waits for Amplify to say nobody is signed in', () => {
  const holdAmplify = (page: Page) => page.route(/auth-amplify/, () => undefined); // never answered

  for (const [name, url, field] of [
    ['sign-in', '/auth/signin', 'Email'],
    ['sign-up', '/auth/signin?mode=signup', 'Confirm Password'],
  ] as const) {
    test(`the ${name} form shows`, async ({ page }) => {
      await holdAmplify(page);
      await page.goto(url);
      await expect(page.getByLabel(field, { exact: true })).toBeVisible();
    });
  }

  test("Get Premium shows the checkout's Sign Up stage", async ({ page }) => {
    await holdAmplify(page);
    await page.goto('/premium');
    await page.getByRole('link', { name: 'Get Premium' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
  });
});
