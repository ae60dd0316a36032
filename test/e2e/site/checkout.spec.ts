import type { Page } from '@playwright/test';
import { buyTrial, checkoutAs, expect, payOnHostedPage, warmUpCheckout } from './checkout-steps';
import { confirmedUser, fillSignIn, test } from './fixtures';

/**
 * The money path in a real browser against the local stack and its Stripe emulator: checkout
 * (account → billing → the emulator's hosted page → success), a declined card, the trial's end by
 * moving the emulator clock, and the account page's billing (cancel, auto-renew, card update).
 * Each test makes its own user, so tests never share subscription state.
 */

const summaryValue = (page: Page, label: string) =>
  page.locator('.checkout-fields > div').filter({ has: page.locator('dt').getByText(label, { exact: true }) }).locator('dd');

test.describe('checkout and billing', () => {
  test.beforeAll(({ browser }) => warmUpCheckout(browser));

  test('a free user buys the trial: hosted page, success summary, then trialing with a cancel link on /account', async ({ page }) => {
    const email = await confirmedUser('buyer');
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/account$/);
    await expect(page.getByRole('navigation', { name: 'Checkout steps' })).toHaveText('1. Sign Up 2. Billing 3. Success!');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page.getByText('Premium: 1-year subscription, $12 per year')).toBeVisible();
    await expect(page.getByText('7-day free trial', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', /mode=signup&redirectPath=%2Fcheckout/);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await fillSignIn(page, email);

    await payOnHostedPage(page, '4242 4242 4242 4242', 'Start trial');
    await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/success$/); // checkout and session_id removed
    await expect(summaryValue(page, 'Billing name')).toHaveText('Test Buyer');
    await expect(summaryValue(page, 'Billing email')).toHaveText(email);
    await expect(summaryValue(page, 'Billing card')).toHaveText('Visa •••• 4242');
    await expect(summaryValue(page, 'Total (at end of trial)')).toHaveText('$12 + tax where applicable');
    await expect(page.getByText(/^You can cancel at any time from the account page\.\.\. .*email receipt in 7 days\.$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Install extension' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible(); // newsletter signup
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => ({ ...e })));
    expect(events).toContainEqual(expect.objectContaining({ event: 'checkoutStep', step: 3, pageName: 'Success!' }));
    expect(events).toContainEqual(expect.objectContaining({ event: 'checkoutSuccess', amount: 12, tax: 0, shipping: 0 }));

    // A second checkout finds the subscription.
    await page.goto('/checkout/payment');
    await expect(page.getByRole('heading', { name: 'You already have a subscription' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');

    // The account page: trialing, with the link to cancel the trial (after a confirm dialog).
    await page.goto('/account');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText(/Your free trial ends on/)).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await billing.getByRole('button', { name: 'Cancel trial' }).click();
    await expect(billing.getByText('Your free trial was cancelled, so Premium has ended.')).toBeVisible();
    await expect(billing.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/checkout');
  });

  test('a declined card shows the error and leaves no subscription; cancel returns to the Billing stage', async ({ page }) => {
    const email = await confirmedUser('declined');
    await checkoutAs(page, email);
    await payOnHostedPage(page, '4000 0000 0000 0002', 'Start trial');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await page.getByRole('link', { name: 'Cancel' }).click();

    // Back with checkout=cancel, signed in: past '1. Sign Up', so the Billing stage waits for a click
    // (not straight back to the payment page); the flag leaves the URL. The e-mail shows once (no name).
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Checkout steps' }).locator('[aria-current="step"]')).toHaveText('2. Billing');
    await expect(page.getByRole('status').filter({ hasText: 'Payment canceled' })).toBeVisible();
    await expect(page.getByText(`You are logged in as ${email} (switch user)`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'switch user' })).toHaveAttribute('href', /^\/auth\/signout\?redirectPath=/);
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/payment$/); // still waiting: no new payment page by itself

    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Billing' }).getByText('Basic (free)', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

    // A return without a session id is an error the support can act on.
    await page.goto('/checkout/success?checkout=success');
    await expect(page.getByRole('alert')).toContainText('Error missing sessionId (?checkout=success)! Please contact the support address');
  });

  test('after the trial: active with auto-renew, toggled off and on, and the card updated', async ({ page, request }) => {
    test.slow(); // a trial bought, a year charged with its webhooks, two toggles and a card change
    const email = await buyTrial(page, 'renewer');
    // Move this customer's clock past the 7-day trial: the first year is charged, webhooks follow.
    // Only theirs: the seeded trial and other workers' trials stay where they are.
    const advance = await request.post(`${process.env.FPS_STRIPE_URL}/_emulator/advance`, { data: { days: 8, customer: email } });
    expect(advance.ok()).toBe(true);

    const billing = page.getByRole('region', { name: 'Billing' });
    const autoRenew = billing.getByRole('switch', { name: 'Auto-renew' });
    // Reloads until the charge's webhooks have landed; each load gets time to show the account.
    await expect(async () => {
      await page.goto('/account');
      await expect(autoRenew).toBeChecked({ timeout: 8_000 });
    }).toPass({ timeout: 45_000 });
    await expect(billing.getByText(/^Renews on .* for \$12\.$/)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Premium' }).first()).toContainText('$12');

    await autoRenew.click();
    await expect(autoRenew).not.toBeChecked();
    await expect(billing.getByText(/^Auto-renew is off: Premium ends on/)).toBeVisible();
    await autoRenew.click();
    await expect(autoRenew).toBeChecked();
    await expect(billing.getByText(/^Renews on/)).toBeVisible();

    await billing.getByRole('button', { name: 'Update card' }).click();
    await payOnHostedPage(page, '5555 5555 5555 4444', 'Save card', 'New Holder');
    await expect(page.getByText('Card updated!')).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await expect(billing.getByText('Mastercard •••• 4444')).toBeVisible();
    await expect(page.getByText('Card updated!')).toBeHidden({ timeout: 5_000 });
  });
});
