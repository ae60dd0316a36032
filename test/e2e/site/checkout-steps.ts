import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect, confirmedUser, fillSignIn } from './fixtures';

/** Checkout steps shared by the browser tests that need a paying user. */

// The dev server compiles modules on first use; give a cold page some slack.
export const expect = baseExpect.configure({ timeout: 15_000 });

/** First visit lets Vite pre-bundle the checkout and sign-in dependencies (it may reload the page once). */
export async function warmUpCheckout(browser: Browser): Promise<void> {
  const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Creating an account is as easy as 1-2-3' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/auth/signin');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.close();
}

/** Fills the Stripe emulator's hosted page with a test card and submits it. */
export async function payOnHostedPage(page: Page, card: string, button: 'Start trial' | 'Pay' | 'Save card', name = 'Test Buyer') {
  await expect(page).toHaveURL(new RegExp(`^${process.env.FPS_STRIPE_URL}/pay/cs_`));
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: button }).click();
}

/** Signs in from the checkout's account stage and is taken on to the payment page. */
export async function checkoutAs(page: Page, email: string, hash = '') {
  await page.goto(`/checkout${hash}`);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await fillSignIn(page, email);
}

/** A Premium trial bought through the browser by a new user, ending on the success stage. */
export async function buyTrial(page: Page, tag: string): Promise<string> {
  const email = await confirmedUser(tag);
  await checkoutAs(page, email);
  await payOnHostedPage(page, '4242 4242 4242 4242', 'Start trial');
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  return email;
}
