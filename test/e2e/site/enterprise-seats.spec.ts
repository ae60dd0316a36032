import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OrgRow } from '../../../lambdas/adapters/orgs-repo';
import { expect as baseExpect, confirmedUser, fillSignIn, stackEnv, test, uniqueEmail } from './fixtures';

/**
 * Reactivating a member takes a seat. At full seats the Reactivate button is disabled with the
 * reason beside it; when the server refuses anyway (the seats filled up meanwhile) its reason is
 * shown, not hidden behind "show details". Runs on its own organisation.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });
const NO_SEAT = 'No free seat: add seats or deactivate another member';

async function backend() {
  for (const [k, v] of Object.entries(stackEnv())) process.env[k] ??= v;
  const [{ createOrganization }, { inviteMembers }, { orgsRepo }] = await Promise.all([
    import('../../../lambdas/orgs/lib/create-organization'),
    import('../../../lambdas/orgs/lib/invitations'),
    import('../../../lambdas/adapters/orgs-repo'),
  ]);
  return { createOrganization, inviteMembers, orgsRepo };
}

/** A member who accepted the invitation through the public API, as the invite page does. */
async function joinedMember(request: APIRequestContext, org: OrgRow): Promise<string> {
  const email = await confirmedUser('joined');
  await (await backend()).inviteMembers(org, [email]);
  const mails = (await (await request.get(`${process.env.FPS_OUTBOX_URL}.json`)).json()) as Array<{ to: string; kind: string; text: string }>;
  const mail = mails.find((m) => m.to === email && m.kind === 'invitation')!;
  const link = new URL(/https?:\/\/\S+\/invites\?\S+/.exec(mail.text)![0]);
  const accepted = await request.post(`${process.env.FPS_API_URL}/invites/accept`, {
    data: { sub: link.searchParams.get('sub'), token: link.searchParams.get('token'), newAccountPassword: null },
  });
  expect(accepted.status()).toBe(200);
  return email;
}

const row = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email }) });

test('Reactivate at full seats: disabled with the reason, and the server\'s reason when it refuses', async ({ page, request }) => {
  const { createOrganization, inviteMembers, orgsRepo } = await backend();
  const adminEmail = await confirmedUser('org-admin');
  const created = await createOrganization({ name: `E2E Seats ${randomUUID().slice(0, 6)}`, adminEmail, seats: 3, paymentMethod: 'pm_card_visa' });
  const org = (await orgsRepo.getOrg(created.orgId)) as OrgRow;
  const joined = await joinedMember(request, org);

  await page.goto(`/auth/signin?${new URLSearchParams({ redirectPath: '/enterprise/account/members' })}`);
  await fillSignIn(page, adminEmail);
  await expect(page).toHaveURL(/\/enterprise\/account\/members$/, { timeout: 15_000 });
  await row(page, joined).getByRole('button', { name: `Deactivate ${joined}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row(page, joined)).toContainText('Deactivated');
  const reactivate = row(page, joined).getByRole('button', { name: `Reactivate ${joined}` });
  await expect(reactivate).toBeEnabled();
  await expect(page.getByText(NO_SEAT)).toHaveCount(0);

  // Meanwhile the two free seats are taken (another admin's invitations); this page still shows them free.
  await inviteMembers((await orgsRepo.getOrg(created.orgId)) as OrgRow, [uniqueEmail('late-1'), uniqueEmail('late-2')]);
  await reactivate.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to reactivate.' });
  await expect(alert).toContainText('Not enough seats: 1 requested, 0 remaining.');
  await expect(alert.locator('details')).toHaveCount(0);

  // The list is fetched again: now the button says why it cannot be used.
  await expect(reactivate).toBeDisabled();
  await expect(row(page, joined).getByText(NO_SEAT)).toBeVisible();
  await expect(reactivate).toHaveAccessibleDescription(NO_SEAT);

  // After a reload too.
  await page.reload();
  await expect(row(page, joined).getByRole('button', { name: `Reactivate ${joined}` })).toBeDisabled();
  await expect(row(page, joined).getByText(NO_SEAT)).toBeVisible();
});
