import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { totpCode } from '../../../scripts/local/seed';
import { expect, fillSignIn, PASSWORD, stackEnv, test, uniqueEmail } from './fixtures';

/**
 * A new staff member, made with the one command an operator runs against `npm start`
 * (`npm run ops:create-staff -- --email …`), gets into the admin tool without a terminal: signs in
 * with the printed temporary password, picks a password, is shown a QR code at /admin, types a code
 * from the authenticator (here computed from the key the page shows, as an app does), searches a
 * user, verifies them, and the audit log names them as the actor.
 */

const NEW_PASSWORD = 'StaffPass99';
const run = promisify(execFile);

async function createStaffWithTheScript(email: string): Promise<string> {
  const env = stackEnv();
  const dataDir = await mkdtemp(join(tmpdir(), 'fps-e2e-staff-'));
  try {
    // The script finds `npm start` by its ports and the pool it wrote under .local/cognito.
    await mkdir(join(dataDir, 'cognito'));
    await writeFile(join(dataDir, 'cognito', 'pool.json'), JSON.stringify({ userPoolId: env.USER_POOL_ID, userPoolClientId: env.USER_POOL_CLIENT_ID }));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ops/create-staff-cli.ts', '--email', email], {
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, FPS_DATA_DIR: dataDir,
        FPS_COGNITO_PORT: new URL(env.COGNITO_ENDPOINT!).port, FPS_DYNAMO_PORT: new URL(env.DYNAMODB_ENDPOINT!).port,
        FPS_WEB_PORT: new URL(process.env.FPS_SITE_URL!).port,
      },
    });
    const password = /Temporary password: (\S+)/.exec(stdout)?.[1];
    if (!password) throw new Error(`no temporary password in:\n${stdout}`);
    return password;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(200_000);
  // First visits let Vite pre-bundle the sign-in and admin dependencies (it may reload the page once).
  const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
  await page.goto('/auth/signin');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 90_000 });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible({ timeout: 90_000 });
  await page.close();
});

/** A sign-up that never entered its code: the one the staff member verifies. */
async function unconfirmedSignUp(): Promise<string> {
  const env = stackEnv();
  const email = uniqueEmail('unconfirmed');
  const c = new CognitoIdentityProviderClient({
    endpoint: env.COGNITO_ENDPOINT, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await c.send(new SignUpCommand({ ClientId: env.USER_POOL_CLIENT_ID, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }));
  } finally {
    c.destroy();
  }
  return email;
}

test('a new staff member enrols an authenticator at /admin, searches a user and is named in the audit log', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('new-staff');
  const temporary = await createStaffWithTheScript(email);
  const customer = await unconfirmedSignUp();

  await page.goto('/auth/signin?redirectPath=%2Fadmin');
  await fillSignIn(page, email, temporary);
  // First sign-in with a temporary password: Cognito asks for a new one.
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.waitForURL((u) => u.pathname === '/admin', { timeout: 30_000 });

  // No authenticator yet: the tool is not there, the enrolment is.
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByPlaceholder('email or userId')).toHaveCount(0);
  await expect(page.getByRole('img', { name: `QR code to add ${email} to an authenticator app` })).toBeVisible();
  await page.getByText('Can’t scan it? Enter this key instead').click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // A wrong code is refused and says so; the tool stays closed.
  const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  const codeBox = page.getByLabel('Enter the 6-digit code the app shows');
  await codeBox.fill(wrong);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code did not match.' })).toBeVisible();
  await expect(page.getByPlaceholder('email or userId')).toHaveCount(0);

  await codeBox.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Authenticator set up' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('admin-email')).toHaveText(email);

  await page.getByPlaceholder('email or userId').fill(customer);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('panel-cognito')).toContainText(customer, { timeout: 15_000 });

  // An audited action: verify the sign-up, after the confirm dialog.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Verify user' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User verified.' })).toBeVisible();
  const row = page.getByTestId('panel-audit').getByRole('row').filter({ hasText: customer }).first();
  await expect(row).toContainText('verify');
  await expect(row).toContainText(email);

  // A reload keeps the tool: TOTP is now the account's required factor in Cognito.
  await page.reload();
  await expect(page.getByPlaceholder('email or userId')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toHaveCount(0);
});
