import { buyTrial, expect, warmUpCheckout } from './checkout-steps';
import { test } from './fixtures';

/**
 * Security issue #11 in a real browser: with the Stripe emulator's fault switch on, a Premium
 * user's cancel fails and /account shows the spec's exact text; with it off, the retry succeeds.
 */

const CANCEL_FAILED = 'Error encountered canceling subscription, please try again. Contact support if the problem persists.';
const faults = () => `${process.env.FPS_STRIPE_URL}/_emulator/faults`;

test.beforeAll(({ browser }) => warmUpCheckout(browser));

test('a cancel that fails at Stripe shows the spec text; without the fault the retry cancels', async ({ page, request }) => {
  await buyTrial(page, 'faults');
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
  await expect(billing.getByText('Your free trial was cancelled, so Premium has ended.')).toBeVisible();
  await expect(billing.getByRole('alert')).toHaveCount(0);
});
