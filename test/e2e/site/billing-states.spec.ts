import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { buyTrial, checkoutAs, expect, payOnHostedPage, warmUpCheckout } from './checkout-steps';
import { confirmedUser, fillSignIn, stackEnv, test } from './fixtures';

/**
 * Account and checkout states a user meets around billing, in a real browser against the local
 * stack: a cancelled trial, a payment cancelled on Stripe's page, and a member whose Enterprise
 * seat was deactivated.
 */

/** The repositories the API uses, loaded once the stack's env (tables, emulators) is set. */
async function backend() {
  for (const [k, v] of Object.entries(stackEnv())) process.env[k] ??= v;
  const [{ createOrganization }, { orgsRepo, memberSk }, { usersRepo }] = await Promise.all([
    import('../../../lambdas/orgs/lib/create-organization'),
    import('../../../lambdas/adapters/orgs-repo'),
    import('../../../lambdas/adapters/users-repo'),
  ]);
  return { createOrganization, orgsRepo, memberSk, usersRepo };
}

/** A signed-up user whose seat in a new organisation its admin has deactivated. */
async function deactivatedMember(): Promise<{ email: string; orgName: string; adminEmail: string }> {
  const { createOrganization, orgsRepo, memberSk, usersRepo } = await backend();
  const adminEmail = await confirmedUser('org-admin');
  const orgName = `E2E Org ${randomUUID().slice(0, 6)}`;
  const org = await createOrganization({ name: orgName, adminEmail, seats: 3, paymentMethod: 'pm_card_visa' });
  const email = await confirmedUser('deactivated');
  const user = await usersRepo.findByEmail(email);
  if (!user) throw new Error(`no user row for ${email}`);
  const now = new Date().toISOString();
  const row = { orgId: org.orgId, sk: memberSk(user.userId), memberUserId: user.userId, email, orgRole: 'member', created: now, updated: now } as const;
  expect(await orgsRepo.createMember({ ...row, orgStatus: 'deactivated' })).toBe(true);
  await usersRepo.update(user.userId, { orgId: org.orgId });
  return { email, orgName, adminEmail };
}

const field = (page: Page, label: string) =>
  page.locator('.account-field').filter({ has: page.locator('dt').getByText(label, { exact: true }) }).locator('dd');

test.describe('billing states', () => {
  // Each test pays on the emulator's page at least once: slow on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  test.beforeAll(({ browser }) => warmUpCheckout(browser));

  test('after "Cancel trial", /account shows one state: Basic, expired with Go Premium, no price and no card', async ({ page }) => {
    await buyTrial(page, 'trial-canceler');
    await page.goto('/account');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText(/Your free trial ends on/)).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await billing.getByRole('button', { name: 'Cancel trial' }).click();

    // Right after a deliberate cancel it says so (issue #24); the expired message is for a plan that ran out.
    await expect(billing.getByText('Your free trial was cancelled, so Premium has ended.')).toBeVisible();
    await expect(billing.getByText('Your Premium subscription has expired.')).toHaveCount(0);
    await expect(billing.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/checkout');
    await expect(field(page, 'Subscription')).toHaveText('Basic');
    await expect(page.getByText(/Canceled/)).toHaveCount(0);
    await expect(billing.getByText(/Premium · \$12/)).toHaveCount(0);
    await expect(billing.getByRole('button', { name: 'Update card' })).toHaveCount(0);

    // One trial per customer: Stripe's page now asks to pay today (the checkout said so on the way:
    // payment-stage.test.tsx, since the browser passes that text on its way to the payment page).
    await page.goto('/checkout/payment');
    await expect(page).toHaveURL(new RegExp(`^${process.env.FPS_STRIPE_URL}/pay/cs_`));
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
    await expect(page.getByText('days free')).toHaveCount(0);
  });

  test('cancelling on the payment page while signed in lands on Billing, signed in, not on "1. Sign Up"', async ({ page }) => {
    const email = await confirmedUser('changed-mind');
    await checkoutAs(page, email);
    await expect(page).toHaveURL(new RegExp(`^${process.env.FPS_STRIPE_URL}/pay/cs_`));
    await page.getByRole('link', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Checkout steps' }).locator('[aria-current="step"]')).toHaveText('2. Billing');
    await expect(page.getByText('Payment canceled')).toBeVisible();
    // No name of their own: the e-mail once, not "email (email)".
    await expect(page.getByText(`You are logged in as ${email} (switch user)`, { exact: true })).toBeVisible();
    await expect(page.getByText('7-day free trial: cancel any time from your account page')).toBeVisible();

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242', 'Start trial');
    await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
  });

  test('a deactivated member is told so on /account and can buy Premium on their own', async ({ page }) => {
    const { email, orgName, adminEmail } = await deactivatedMember();
    await page.goto(`/auth/signin?${new URLSearchParams({ redirectPath: '/account' })}`);
    await fillSignIn(page, email);

    await expect(page.getByText(`Your organisation admin has deactivated your seat in ${orgName}`, { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: adminEmail })).toHaveAttribute('href', `mailto:${adminEmail}`);
    await expect(field(page, 'Subscription')).toHaveText('Basic');

    await page.getByRole('link', { name: 'Go premium', exact: true }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242', 'Start trial');
    await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Billing' }).getByText(/Your free trial ends on/)).toBeVisible();
    await expect(field(page, 'Subscription')).toContainText('Premium');
  });
});
