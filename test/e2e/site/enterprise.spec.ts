import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OrgRow } from '../../../lambdas/adapters/orgs-repo';
import { expectAccessible } from './axe';
import { accessToken } from './share-api';
import { expect as baseExpect, confirmedUser, fillSignIn, stackEnv, test, uniqueEmail } from './fixtures';

/**
 * The enterprise account area and invite redemption in a real browser against the local stack.
 * Each test makes its own organisation with the operators' create-org function (so nothing
 * collides with the seeded 'Acme Legal LLP'), and invitations with the same code the API runs.
 */

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 10_000 });


/** The create-org and invitation code, loaded once the stack's env (tables, emulators) is set. */
async function backend() {
  for (const [k, v] of Object.entries(stackEnv())) process.env[k] ??= v;
  const [{ createOrganization }, { inviteMembers }, { orgsRepo }] = await Promise.all([
    import('../../../lambdas/orgs/lib/create-organization'),
    import('../../../lambdas/orgs/lib/invitations'),
    import('../../../lambdas/adapters/orgs-repo'),
  ]);
  return { createOrganization, inviteMembers, orgsRepo };
}

/** An organisation paid with the emulator's test card, its admin an existing (signed-up) user. */
async function newOrg(seats: number) {
  const adminEmail = await confirmedUser('org-admin');
  const name = `E2E Org ${randomUUID().slice(0, 6)}`;
  const { createOrganization, orgsRepo } = await backend();
  const created = await createOrganization({ name, adminEmail, seats, paymentMethod: 'pm_card_visa' });
  const org = (await orgsRepo.getOrg(created.orgId)) as OrgRow;
  return { org, name, adminEmail };
}

async function invite(org: OrgRow, emails: string[]) {
  const { inviteMembers } = await backend();
  await inviteMembers(org, emails);
}

interface OutboxMail { to: string; kind: string; subject: string; text: string }
async function outbox(request: APIRequestContext): Promise<OutboxMail[]> {
  return (await (await request.get(`${process.env.FPS_OUTBOX_URL}.json`)).json()) as OutboxMail[];
}
/** The newest invitation link sent to `to` (as a path on the site). */
async function inviteLink(request: APIRequestContext, to: string): Promise<string> {
  const mail = (await outbox(request)).find((m) => m.to === to && m.kind === 'invitation');
  if (!mail) throw new Error(`no invitation to ${to}`);
  const url = new URL(/https?:\/\/\S+\/invites\?\S+/.exec(mail.text)![0]);
  return `${url.pathname}${url.search}`;
}

/** The user sets their name as /account does (POST /account/name with their own access token). */
async function setOwnName(request: APIRequestContext, email: string, name: string) {
  const saved = await request.post(`${process.env.FPS_API_URL}/account/name`, {
    headers: { authorization: `Bearer ${await accessToken(email)}` },
    data: { name },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function signIn(page: Page, email: string, redirectPath: string) {
  await page.goto(`/auth/signin?${new URLSearchParams({ redirectPath })}`);
  await fillSignIn(page, email);
}

const row = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email }) });

test.describe('enterprise account area', () => {
  test.beforeAll(async ({ browser }) => {
    // First visits let Vite pre-bundle the sign-in and enterprise dependencies (it may reload once).
    const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
    await page.goto('/auth/signin');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.goto('/invites?sub=warm&token=up-the-dev-server-modules');
    await expect(page.getByText(/This invite was not found or may have expired/)).toBeVisible({ timeout: 30_000 });
    await page.close();
  });

  test('the admin sees the overview, invites two addresses, is held to the seats, and sees the payments', async ({ page, request }) => {
    const { name, adminEmail } = await newOrg(3);
    await signIn(page, adminEmail, '/enterprise/account');
    await expect(page).toHaveURL(/\/enterprise\/account\/overview$/, { timeout: 15_000 });

    const sidebar = page.getByRole('complementary', { name: 'Enterprise account' });
    await expect(sidebar.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/enterprise/account/overview');
    await expect(sidebar.getByRole('link', { name: 'Manage members' })).toHaveAttribute('href', '/enterprise/account/members');
    await expect(sidebar.getByRole('link', { name: 'Payment history' })).toHaveAttribute('href', '/enterprise/account/payment');
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(224);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Enterprise (1-year)')).toBeVisible();
    await expect(page.locator('dd').getByText(/^Renews on /)).toBeVisible();
    // The org's plan controls (billing feature) sit on the overview too.
    await expect(page.getByRole('switch', { name: /Auto-renew/ })).toBeChecked();
    await expect(page.getByTestId('seats-used')).toHaveText('1');
    await expect(page.getByTestId('seats-remaining')).toHaveText('2');

    await sidebar.getByRole('link', { name: 'Manage members' }).click();
    await page.getByRole('button', { name: 'Add member' }).click();
    const input = page.getByLabel('Email addresses');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    await input.fill('one@example.com, nope');
    await expect(page.getByText('Contains invalid emails', { exact: true })).toBeVisible();
    await expect(send).toBeDisabled();
    await input.fill('a@example.com, b@example.com, c@example.com');
    await expect(page.getByText('Error: too many emails specified (3), there are only 2 seats remaining.', { exact: true })).toBeVisible();
    await expect(send).toBeDisabled();

    const first = uniqueEmail('invitee-a');
    const second = uniqueEmail('invitee-b');
    await input.fill(` ${first} ,, ${second}, `);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(row(page, first)).toContainText('Invited');
    await expect(row(page, second)).toContainText('Invited');
    await expect(page.getByTestId('seats-remaining')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Add member' })).toBeDisabled();
    const mails = await outbox(request);
    for (const to of [first, second]) {
      const mail = mails.find((m) => m.to === to && m.kind === 'invitation');
      expect(mail?.subject).toBe(`You're invited to join ${name} on Full Page Shot`);
      expect(mail?.text).toContain(`${process.env.FPS_SITE_URL}/invites?sub=`);
    }

    await sidebar.getByRole('link', { name: 'Payment history' }).click();
    await expect(page.getByRole('heading', { name: 'Payment history' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Enterprise' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '$36' })).toBeVisible();

    // The default path goes to the overview.
    await page.goto('/enterprise/account');
    await expect(page).toHaveURL(/\/enterprise\/account\/overview$/);
  });

  test('resend, delete, deactivate and reactivate from the members page; a failed action alerts and refetches', async ({ page, request }) => {
    const { org, adminEmail } = await newOrg(4);
    const pending = uniqueEmail('pending');
    const joined = await confirmedUser('joined');
    await invite(org, [pending, joined]);
    // The existing user accepts through the public API, as the invite page does.
    const link = new URL(await inviteLink(request, joined), process.env.FPS_SITE_URL);
    const accepted = await request.post(`${process.env.FPS_API_URL}/invites/accept`, {
      data: { sub: link.searchParams.get('sub'), token: link.searchParams.get('token'), newAccountPassword: null },
    });
    expect(accepted.status()).toBe(200);
    // The member names themselves (issue #24): the admin's list shows it under the e-mail.
    const joinedName = 'Grace Hopper ⚓';
    await setOwnName(request, joined, `  ${joinedName} `);

    await signIn(page, adminEmail, '/enterprise/account/members');
    await expect(page).toHaveURL(/\/enterprise\/account\/members$/, { timeout: 15_000 });
    await expect(row(page, joined).getByRole('rowheader')).toHaveText(`${joined}${joinedName}`);
    await expect(row(page, joined).getByText(joinedName, { exact: true })).toBeVisible();
    await expect(row(page, pending).getByRole('rowheader')).toHaveText(pending);
    await expect(row(page, adminEmail).getByRole('button')).toHaveCount(0);
    await expect(row(page, pending).getByRole('button')).toHaveText(['Resend', 'Delete']);
    await expect(row(page, joined).getByRole('button')).toHaveText(['Deactivate']);
    await expect(page.getByTestId('seats-used')).toHaveText('3');
    await expectAccessible(page, 'the members page');

    await row(page, pending).getByRole('button', { name: `Resend ${pending}` }).click();
    await expect(page.getByText(`Invitation resent to ${pending}.`)).toBeVisible();
    expect((await outbox(request)).filter((m) => m.to === pending && m.kind === 'invitation')).toHaveLength(2);
    await expect(page.getByTestId('seats-used')).toHaveText('3');

    // Deactivating asks first, naming the person; the confirming button is destructive (issue #24).
    await row(page, joined).getByRole('button', { name: `Deactivate ${joined}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(joined);
    await expect(confirm).toHaveAttribute('aria-modal', 'true');
    await expectAccessible(page, 'the deactivate confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, joined).getByRole('button', { name: `Deactivate ${joined}` })).toBeFocused();
    await expect(row(page, joined)).toContainText('Active');
    await row(page, joined).getByRole('button', { name: `Deactivate ${joined}` }).click();
    await expect(confirm.getByRole('button', { name: 'Deactivate' })).toHaveClass(/btn--danger/);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row(page, joined)).toContainText('Deactivated');
    await expect(row(page, joined).getByRole('button')).toHaveText(['Reactivate']);
    await expect(page.getByTestId('seats-used')).toHaveText('2');

    await row(page, joined).getByRole('button', { name: `Reactivate ${joined}` }).click();
    await expect(row(page, joined)).toContainText('Active');
    await expect(page.getByTestId('seats-used')).toHaveText('3');

    await expect(row(page, pending).getByRole('button', { name: `Delete ${pending}` })).toHaveClass(/btn--danger/);
    await row(page, pending).getByRole('button', { name: `Delete ${pending}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(pending);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete invitation' }).click();
    await expect(row(page, pending)).toHaveCount(0);
    await expect(page.getByTestId('seats-used')).toHaveText('2');

    // A failing server: the spec's alert, then the list is fetched again.
    await page.route('**/orgs/*/members/*/status', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'Boom' }) }),
    );
    const refetch = page.waitForRequest((r) => r.method() === 'GET' && /\/orgs\/[^/]+\/members$/.test(r.url()));
    await row(page, joined).getByRole('button', { name: `Deactivate ${joined}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to deactivate.' });
    await expect(alert).toContainText('Please retry later or contact us at the support address if the problem persists');
    await refetch;
    await expect(row(page, joined)).toContainText('Active');
  });

  test('an invitee without an account sets a password and lands on /account as a member', async ({ page, request }) => {
    const { org, name, adminEmail } = await newOrg(3);
    const email = uniqueEmail('newcomer');
    await invite(org, [email]);
    await page.goto(await inviteLink(request, email));

    await expect(page.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    const complete = page.getByRole('button', { name: 'Complete' });
    await password.fill('weakpass');
    await expect(page.getByText('Password must be 8+ characters long and include both lowercase and uppercase letters.')).toHaveCount(0);
    await confirm.focus(); // blur: now the rule shows
    await expect(page.getByText('Password must be 8+ characters long and include both lowercase and uppercase letters.')).toBeVisible();
    await expect(complete).toBeDisabled();
    await password.fill('NewPassword1');
    await confirm.fill('NewPassword2');
    await expect(complete).toBeDisabled();
    await confirm.fill('NewPassword1');
    await expect(complete).toBeEnabled();
    await complete.click();

    await expect(page).toHaveURL(/\/account\?org=success$/, { timeout: 15_000 });
    await expect(page.getByText(`Success. Your account is part of ${name}`)).toBeVisible();
    await expect(page.getByText('Contact your account administrator to make changes to this account.')).toBeVisible();
    await expect(page.getByText(adminEmail).first()).toBeVisible();
  });

  test('an existing user accepts while signed in; another declines after confirming', async ({ page, request }) => {
    const { org, name, adminEmail } = await newOrg(4);
    const member = await confirmedUser('existing');
    const decliner = uniqueEmail('decliner');
    await invite(org, [member, decliner]);
    const memberLink = await inviteLink(request, member);

    // Signed out, the address has an account: the sign-in prompt.
    await page.goto(memberLink);
    await expect(page.getByRole('button', { name: 'Accept and sign in' })).toBeVisible();
    await signIn(page, member, memberLink);
    await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page).toHaveURL(/\/account\?org=success$/);
    await expect(page.getByText(`Success. Your account is part of ${name}`)).toBeVisible();

    // Signed in as someone else: asked to sign out.
    await page.goto(await inviteLink(request, decliner));
    await expect(page.getByRole('heading', { name: 'This invitation is for another account' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign out' }).click();

    // Signed out now, a temp invitee: the password form, and Decline with a confirm.
    await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible({ timeout: 15_000 });
    const dialogs: string[] = [];
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => dialogs).toEqual(['Are you sure you want to decline this invite?']);
    await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Invitation declined' })).toBeVisible();
    await expect(page.getByRole('link', { name: adminEmail })).toHaveAttribute('href', `mailto:${adminEmail}`);

    // The link is used up.
    await page.reload();
    await expect(page.getByText('This invite was not found or may have expired. Contact your group administrator or')).toBeVisible();
    await expect(page.getByRole('link', { name: 'contact support' })).toBeVisible();
  });

  test('without sub or token the invite page is Page not found; a non-admin is sent to /account', async ({ page }) => {
    await page.goto('/invites?sub=only');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const plain = await confirmedUser('plain');
    await signIn(page, plain, '/enterprise/account/members');
    await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  });
});
