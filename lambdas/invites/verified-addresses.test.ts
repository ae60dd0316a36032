import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { cognitoAdmin as localCognito } from '../../scripts/local/cognito';
import { DEMO_PASSWORD } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, uniqueEmail } from '../../test/integration/helpers';
import { orgsRepo } from '../adapters/orgs-repo';
import { usersRepo } from '../adapters/users-repo';
import { createOrganization } from '../orgs/lib/create-organization';
import { makeOrg } from '../../test/integration/org-test-helpers';
import { UNVERIFIED_HOLDER_MESSAGE } from './lib/invitee-account';

/**
 * Invitations and organisations go to whoever PROVES the address: an e-mail change waiting for its
 * code, a row naming an address Cognito does not hold verified for that user, or an unconfirmed
 * sign-up never claims an invitation or an organisation (lambdas/orgs/lib/cognito-accounts.ts).
 */

const accept = (sub: string, token: string, newAccountPassword: string | null) =>
  callApi(routes.acceptInvite, { body: { sub, token, newAccountPassword } });

async function unconfirmedSignUp(email: string): Promise<string> {
  const c = localCognito(pool().endpoint);
  const r = await c.send(new SignUpCommand({ ClientId: pool().userPoolClientId, Username: email, Password: DEMO_PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }));
  c.destroy();
  return r.UserSub!;
}

describe('only verified addresses match invitations and organisations', () => {
  it('an e-mail change still waiting for its code does not claim an invitation to that address', async () => {
    const victim = uniqueEmail('victim');
    const org = await makeOrg({ members: [{ email: victim, status: 'invited' }] });
    const attacker = await signedInUser(uniqueEmail('attacker'));
    expect((await callApi(routes.changeEmail, { token: attacker.accessToken, body: { email: victim } })).status).toBe(200);

    const r = await accept(org.invites[0]!.sub, org.invites[0]!.token, 'NewPassword1');
    expect(r).toEqual({ status: 200, body: { orgId: org.orgId, email: victim } });
    const members = await orgsRepo.listMembers(org.orgId);
    expect(members.map((m) => m.memberUserId)).not.toContain(attacker.userId);
    const row = await usersRepo.get(attacker.userId);
    expect(row?.email).toBe(attacker.email);
    expect(row?.orgId).toBeUndefined();
  });

  it('a user row naming an address its Cognito user has not verified does not claim the invitation', async () => {
    const victim = uniqueEmail('victim');
    const org = await makeOrg({ members: [{ email: victim, status: 'invited' }] });
    const attacker = await signedInUser(uniqueEmail('attacker'));
    await usersRepo.update(attacker.userId, { email: victim }); // as the old unverified change left it

    const r = await accept(org.invites[0]!.sub, org.invites[0]!.token, 'NewPassword1');
    expect(r).toEqual({ status: 409, body: { code: 'conflict', message: UNVERIFIED_HOLDER_MESSAGE } });
    expect((await usersRepo.get(attacker.userId))?.orgId).toBeUndefined();
    expect((await orgsRepo.listMembers(org.orgId)).map((m) => m.memberUserId)).not.toContain(attacker.userId);
  });

  it('an unconfirmed sign-up of the address does not become the admin of an organisation created for it', async () => {
    const adminEmail = uniqueEmail('squatted-admin');
    const squatter = await unconfirmedSignUp(adminEmail);
    await expect(createOrganization({ name: 'Squat LLP', adminEmail, seats: 2, paymentMethod: 'pm_card_visa' }))
      .rejects.toThrow(/has not verified it/);
    expect(await usersRepo.get(squatter)).toBeUndefined();
    expect(await orgsRepo.membershipsOf(squatter)).toEqual([]);
  });

  it('a user row naming an unverified address does not become the admin either', async () => {
    const adminEmail = uniqueEmail('stale-admin');
    const attacker = await signedInUser(uniqueEmail('attacker'));
    await usersRepo.update(attacker.userId, { email: adminEmail });
    await expect(createOrganization({ name: 'Stale LLP', adminEmail, seats: 2, paymentMethod: 'pm_card_visa' }))
      .rejects.toThrow(/has not verified it/);
    expect((await usersRepo.get(attacker.userId))?.orgId).toBeUndefined();
  });

  it('a verified account is still matched (the organisation admin is the existing user)', async () => {
    const admin = await signedInUser(uniqueEmail('real-admin'));
    const created = await createOrganization({ name: 'Real LLP', adminEmail: admin.email, seats: 2, paymentMethod: 'pm_card_visa' });
    expect(created).toMatchObject({ adminUserId: admin.userId, adminCreated: false });
  });
});
