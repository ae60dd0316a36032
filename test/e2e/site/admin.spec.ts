import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand, CognitoIdentityProviderClient, ConfirmSignUpCommand, SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from '@playwright/test';
import { demoAccount, expect, test } from './fixtures';

/**
 * The staff admin tool (/admin, /ziggy) in a real browser against the local stack: staff search
 * the seeded premium user, verify an unconfirmed sign-up, delete a user after typing DELETE; a
 * normal user sees the non-staff view.
 */

const PASSWORD = 'Password123';
const stackEnv = () => JSON.parse(process.env.FPS_STACK_ENV ?? '{}') as Record<string, string>;
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

function cognito() {
  return new CognitoIdentityProviderClient({
    endpoint: stackEnv().COGNITO_ENDPOINT, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Signs up through cognito-local; `confirm` also enters the code (the trigger then writes the row). */
async function newUser(opts: { confirm: boolean }) {
  const email = uniqueEmail(opts.confirm ? 'admin-e2e' : 'unconfirmed');
  const c = cognito();
  const env = stackEnv();
  const r = await c.send(new SignUpCommand({ ClientId: env.USER_POOL_CLIENT_ID, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }));
  if (opts.confirm) await c.send(new ConfirmSignUpCommand({ ClientId: env.USER_POOL_CLIENT_ID, Username: email, ConfirmationCode: '123456' }));
  c.destroy();
  return { email, userId: r.UserSub! };
}

async function cognitoUserExists(email: string): Promise<boolean> {
  const c = cognito();
  try {
    await c.send(new AdminGetUserCommand({ UserPoolId: stackEnv().USER_POOL_ID, Username: email }));
    return true;
  } catch {
    return false;
  } finally {
    c.destroy();
  }
}

async function signIn(page: Page, email: string, redirectPath = '/admin') {
  await page.goto(`/auth/signin?redirectPath=${encodeURIComponent(redirectPath)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === redirectPath.split('?')[0]);
}

const panel = (page: Page, id: string) => page.getByTestId(`panel-${id}`);
/** The value of a labelled field in a panel. */
const field = (page: Page, panelId: string, label: string) =>
  panel(page, panelId).locator('.admin-field').filter({ has: page.locator('dt').getByText(label, { exact: true }) }).locator('dd');

test.describe('admin tool', () => {
  test.beforeAll(async ({ browser }) => {
    // First visits let Vite pre-bundle the sign-in and admin dependencies (it may reload the page once).
    const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
    await page.goto('/auth/signin');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible({ timeout: 30_000 });
    await page.close();
  });

  test('staff search the seeded premium user and see the four panels with their console links', async ({ page, seed }) => {
    const staff = demoAccount(seed, 'staff');
    const premium = demoAccount(seed, 'premium');
    await signIn(page, staff.email);

    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('admin-email')).toHaveText(staff.email);
    await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
    const box = page.getByPlaceholder('email or userId');

    // Spec: 2 characters or fewer are too short; an empty query does nothing.
    await box.fill('ab');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Search too short.')).toBeVisible();
    await box.fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await box.fill(premium.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/admin\?q=premium%40example\.com$/);
    await expect(page.getByText('Search too short.')).toBeHidden();

    for (const name of ['Cognito', 'Dynamo (User)', 'Dynamo (Org)', 'Stripe', 'Admin actions']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(field(page, 'cognito', 'sub')).toHaveText(premium.userId);
    await expect(field(page, 'cognito', 'userStatus')).toHaveText('CONFIRMED');
    await expect(field(page, 'dynamo-user', 'email')).toHaveText(premium.email);
    await expect(field(page, 'dynamo-user', 'subscription status')).toHaveText('trialing');
    await expect(panel(page, 'dynamo-org')).toContainText('No organisation.');
    const customerId = (await field(page, 'stripe', 'id').textContent())!;
    expect(customerId).toMatch(/^cus_/);

    // Deep links, built from the runtime config (stripeLiveMode false locally: /test).
    await expect(panel(page, 'stripe').getByRole('link', { name: /Dashboard/ })).toHaveAttribute('href', `https://dashboard.stripe.com/test/customers/${customerId}`);
    await expect(panel(page, 'cognito').getByRole('link', { name: /User pool/ })).toHaveAttribute('href', /console\.aws\.amazon\.com\/cognito\/v2\/idp\/user-pools\//);
    await expect(panel(page, 'dynamo-user').getByRole('link', { name: /DynamoDB item/ })).toHaveAttribute('href', new RegExp(`dynamodbv2/.*pk=${premium.userId}.*table=fps-local-users`));
    await expect(page.getByRole('button', { name: 'Delete user' })).toBeVisible();

    // The tool's links point at /ziggy?q=…, which runs the search on load.
    await panel(page, 'dynamo-user').getByRole('link', { name: customerId }).click();
    await expect(page).toHaveURL(new RegExp(`/ziggy\\?q=${customerId}$`));
    await expect(field(page, 'dynamo-user', 'userId')).toHaveText(premium.userId);
    await expect(field(page, 'stripe', 'found by')).toHaveText('query');

    // An org member: the org panel shows the organisation and its admin.
    await page.goto(`/ziggy?q=${encodeURIComponent(demoAccount(seed, 'org member').email)}&debug=1`);
    await expect(field(page, 'dynamo-org', 'name')).toHaveText('Acme Legal LLP', { timeout: 15_000 });
    await expect(field(page, 'dynamo-org', 'adminEmail')).toHaveText(demoAccount(seed, 'org admin').email);
    await expect(page.getByRole('heading', { name: 'Debug' })).toBeVisible();
    await expect(page.getByTestId('panel-debug')).toContainText(`"email": "${staff.email}"`);
    await expect(page.getByTestId('panel-debug')).toContainText('"isStaff": true');
  });

  test('staff see what the search matches and find users by the beginning of their e-mail', async ({ page, seed }) => {
    test.slow(); // signs in, creates users or uploads, and waits on several round trips
    const staff = demoAccount(seed, 'staff');
    await signIn(page, staff.email);
    const box = page.getByPlaceholder('email or userId');
    await expect(page.getByText('Matches an e-mail address or its beginning, a user id, or a Stripe customer id.', { exact: false })).toBeVisible({ timeout: 15_000 });

    // The seeded org admin and member share "@acme.example"; "admin@acme" begins only one address.
    await box.fill('admin@acme');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(field(page, 'cognito', 'email')).toHaveText(demoAccount(seed, 'org admin').email, { timeout: 15_000 });

    const a = await newUser({ confirm: true });
    const b = await newUser({ confirm: true });
    await box.fill('admin-e2e-');
    await page.getByRole('button', { name: 'Search' }).click();
    const matches = page.getByTestId('search-matches');
    await expect(matches.getByRole('link', { name: a.email })).toBeVisible();
    await expect(matches.getByRole('link', { name: b.email })).toBeVisible();
    await matches.getByRole('link', { name: b.email }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/ziggy' && u.searchParams.get('q') === b.email);
    await expect(field(page, 'cognito', 'sub')).toHaveText(b.userId);
  });

  test('staff verify an unconfirmed sign-up after a confirm dialog', async ({ page, seed }) => {
    const pending = await newUser({ confirm: false });
    await signIn(page, demoAccount(seed, 'staff').email, `/ziggy?q=${encodeURIComponent(pending.email)}`);

    await expect(field(page, 'cognito', 'userStatus')).toHaveText('UNCONFIRMED', { timeout: 15_000 });
    await expect(panel(page, 'dynamo-user')).toContainText('No user row.');

    // Dismissing the dialog does nothing.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Verify user' }).click();
    await expect(field(page, 'cognito', 'userStatus')).toHaveText('UNCONFIRMED');

    let dialogText = '';
    page.once('dialog', (d) => {
      dialogText = d.message();
      expect(d.type()).toBe('confirm');
      void d.accept();
    });
    await page.getByRole('button', { name: 'Verify user' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User verified.' })).toBeVisible();
    expect(dialogText).toContain(pending.email);
    await expect(field(page, 'cognito', 'userStatus')).toHaveText('CONFIRMED');
    await expect(field(page, 'cognito', 'email_verified')).toHaveText('true');
    // The PostConfirmation trigger wrote the row; nothing is left to verify.
    await expect(field(page, 'dynamo-user', 'userId')).toHaveText(pending.userId);
    await expect(page.getByRole('button', { name: 'Verify user' })).toBeHidden();

    const audit = panel(page, 'audit');
    await expect(audit.getByRole('row').filter({ hasText: pending.email }).first()).toContainText('verify');
  });

  test('staff delete a user after typing DELETE, and the user is gone everywhere', async ({ page, seed }) => {
    const victim = await newUser({ confirm: true });
    await signIn(page, demoAccount(seed, 'staff').email, `/ziggy?q=${encodeURIComponent(victim.email)}`);
    await expect(field(page, 'dynamo-user', 'userId')).toHaveText(victim.userId, { timeout: 15_000 });

    // Anything but DELETE deletes nothing.
    page.once('dialog', (d) => void d.accept('delete'));
    await page.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.getByText('Nothing was deleted.')).toBeVisible();
    expect(await cognitoUserExists(victim.email)).toBe(true);

    page.once('dialog', (d) => {
      expect(d.type()).toBe('prompt');
      void d.accept('DELETE');
    });
    await page.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User deleted.' })).toBeVisible();
    await expect(page.getByText('No user matches this search.')).toBeVisible();
    await expect(panel(page, 'cognito')).toHaveCount(0);
    expect(await cognitoUserExists(victim.email)).toBe(false);

    const row = panel(page, 'audit').getByRole('row').filter({ hasText: victim.email }).first();
    await expect(row).toContainText('delete');
    await expect(row).toContainText('success');

    // The deleted user can no longer sign in.
    await page.goto('/auth/signout?redirectPath=%2Fauth%2Fsignin');
    await page.waitForURL(/\/auth\/signin/);
    await page.getByLabel('Email').fill(victim.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // cognito-local answers "User not authorized" for an unknown user; the sign-in form stays.
    await expect(page.getByRole('tabpanel', { name: 'Sign In' }).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin/);
  });

  test('a normal user opening /ziggy sees the non-staff view; signed out it offers Log in', async ({ page, seed }) => {
    await page.goto('/ziggy?q=premium%40example.com');
    await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/auth/signin?redirectPath=%2Fziggy%3Fq%3Dpremium%2540example.com');

    await signIn(page, demoAccount(seed, 'free').email, '/ziggy?q=premium%40example.com');
    await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'sign out', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeHidden();
    await expect(page.getByPlaceholder('email or userId')).toBeHidden();
    await expect(page.getByTestId('panel-cognito')).toHaveCount(0);
  });
});
