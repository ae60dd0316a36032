import type { Page } from '@playwright/test';
import { expect as baseExpect, confirmedUser, fillSignIn, test } from './fixtures';

/**
 * Security issue #11 in a real browser: with the Stripe emulator's fault switch on, a Premium
 * user's cancel fails and /account shows the spec's exact text; with it off, the retry succeeds.
 */

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

const CANCEL_FAILED = 'Error encountered canceling subscription, please try again. Contact support if the problem persists.';
const faults = () => `${process.env.FPS_STRIPE_URL}/_emulator/faults`;

/** A Premium trial bought through the checkout and the emulator's hosted page. */
async function buyTrial(page: Page): Promise<void> {
  const email = await confirmedUser('faults');
  await page.goto('/checkout');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await fillSignIn(page, email);
  await expect(page).toHaveURL(new RegExp(`^${process.env.FPS_STRIPE_URL}/pay/cs_`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Fault Tester');
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  // First visit lets Vite pre-bundle the checkout and sign-in dependencies (it may reload the page once).
  const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Creating an account is as easy as 1-2-3' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/auth/signin');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.close();
});

test('a cancel that fails at Stripe shows the spec text; without the fault the retry cancels', async ({ page, request }) => {
  await buyTrial(page);
  await page.goto('/account');
  const billing = page.getByRole('region', { name: 'Billing' });
  await expect(billing.getByText(/Your free trial ends on/)).toBeVisible();

  // Stripe answers 500 to the cancel and to the SDK's one retry.
  const armed = await request.post(faults(), { data: { path: '/v1/subscriptions/', method: 'DELETE', count: 2, status: 500 } });
  expect(armed.ok()).toBe(true);
  page.on('dialog', (d) => void d.accept());
  await billing.getByRole('button', { name: 'Cancel trial' }).click();
  await expect(billing.getByRole('alert')).toContainText(CANCEL_FAILED);
  await expect(billing.getByText(/Your free trial ends on/)).toBeVisible();

  await request.delete(faults());
  await billing.getByRole('button', { name: 'Cancel trial' }).click();
  await expect(billing.getByText('Your Premium subscription has expired.')).toBeVisible();
  await expect(billing.getByRole('alert')).toHaveCount(0);
});
