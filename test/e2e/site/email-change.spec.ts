import type { APIRequestContext, Page } from '@playwright/test';
import { confirmedUser, demoAccount, expect as baseExpect, fillSignIn, test, uniqueEmail } from './fixtures';

/**
 * The e-mail change with its code step in a real browser against the local stack: the code is read
 * from the local outbox as a user of `npm start` would, a wrong code is refused, an address taken
 * by another account gets the same answer as a free one (no account oracle), and the account shows the new address only after the code.
 */

const expect = baseExpect.configure({ timeout: 10_000 });
// Sign-in, a cold dev server and several API round trips on a shared two-core machine.
test.describe.configure({ timeout: 150_000 });

interface OutboxMail { to: string; kind: string; text: string; sentAt: string }

/**
 * The code of the newest verification mail for this change. Cognito sends it to the new address;
 * cognito-local hands its CustomMessage trigger the current attributes, so locally it may be
 * addressed to the current one (scripts/local/lambda-invoke.ts takes `to` from the trigger's userAttributes).
 */
async function codeFromOutbox(request: APIRequestContext, to: string[], since: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(async () => {
    const mails = (await (await request.get(`${process.env.FPS_OUTBOX_URL}.json`)).json()) as OutboxMail[];
    const mail = mails.find((m) => m.kind === 'verification-code' && to.includes(m.to) && m.sentAt >= since);
    found = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    return found;
  }).toBeTruthy();
  return found!;
}

const field = (page: Page, label: string) =>
  page.locator('.account-field').filter({ has: page.locator('dt').getByText(label, { exact: true }) }).locator('dd');

test('change e-mail: a code sent to the new address is needed before the account changes', async ({ page, request, seed }) => {
  const email = await confirmedUser('change');
  await page.goto('/auth/signin?redirectPath=%2Faccount');
  await fillSignIn(page, email);
  await expect(field(page, 'Email')).toContainText(email, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Change email' }).click();
  // An address in use answers as a free one does (no account oracle): no code is sent to it, its
  // holder is told by mail, and any code is wrong. Cancel, then change to a free address.
  const taken = demoAccount(seed, 'free').email;
  await page.getByLabel('New email address').fill(taken);
  await page.getByRole('button', { name: 'Update email' }).click();
  const takenStep = page.getByRole('form', { name: 'Confirm new email' });
  await expect(takenStep).toContainText(`We sent a 6-digit code to ${taken}.`);
  await takenStep.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Change email' }).click();
  const input = page.getByLabel('New email address');

  const changed = uniqueEmail('changed');
  const since = new Date(Date.now() - 1000).toISOString();
  await input.fill(changed);
  await page.keyboard.press('Enter');
  const codeStep = page.getByRole('form', { name: 'Confirm new email' });
  await expect(codeStep).toContainText(`We sent a 6-digit code to ${changed}.`);
  const codeInput = codeStep.getByLabel('Verification code');
  await expect(codeInput).toBeFocused();

  // A wrong code is refused with a clear message, and nothing changed.
  await codeInput.fill('000000');
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(codeStep.getByRole('alert')).toHaveText('That code is not correct. Check the latest email we sent and try again.');
  await codeInput.fill('12');
  await page.keyboard.press('Enter');
  await expect(codeStep.getByRole('alert')).toHaveText('Enter the 6-digit code from the email.');

  // Resend asks for a fresh code; the newest one in the outbox finishes the change.
  await codeStep.getByRole('button', { name: 'Resend code' }).click();
  await expect(codeStep.getByRole('status')).toHaveText('A new code is on its way.');
  const code = await codeFromOutbox(request, [changed, email], since);
  await codeInput.fill(code);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your email address was updated successfully. Please check your email.')).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(field(page, 'Email')).toContainText(changed);
});

test('change e-mail: Cancel at the code step keeps the current address', async ({ page }) => {
  const email = await confirmedUser('cancel');
  await page.goto('/auth/signin?redirectPath=%2Faccount');
  await fillSignIn(page, email);
  await expect(field(page, 'Email')).toContainText(email, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.getByLabel('New email address').fill(uniqueEmail('abandoned'));
  await page.getByRole('button', { name: 'Update email' }).click();
  const codeStep = page.getByRole('form', { name: 'Confirm new email' });
  await codeStep.getByRole('button', { name: 'Cancel' }).click();
  await expect(codeStep).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change email' })).toBeVisible();
  await page.reload();
  await expect(field(page, 'Email')).toContainText(email);
});
