import { demoAccount, expect, test } from './fixtures';

/** `npm start`'s stack as a user meets it: the site loads, a seeded user signs in and reaches /account. */
test('the website loads and a seeded user signs in through the UI and reaches /account', async ({ page, seed }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Full Page Shot/);

  const free = demoAccount(seed, 'free');
  await page.goto('/auth/signin?redirectPath=%2Faccount');
  await page.getByLabel('Email').fill(free.email);
  await page.getByLabel('Password', { exact: true }).fill(free.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(free.email).first()).toBeVisible();
  await expect(page.getByText('Basic').first()).toBeVisible();
});

test('the local outbox page lists the mail the product sent', async ({ page }) => {
  await page.goto(process.env.FPS_OUTBOX_URL!);
  await expect(page.getByRole('heading', { name: 'Local outbox' })).toBeVisible();
  await expect(page.getByText('Your Full Page Shot verification code').first()).toBeVisible();
});
