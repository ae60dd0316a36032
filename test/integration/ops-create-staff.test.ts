import {
  AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminGetUserCommand, AdminListGroupsForUserCommand,
  AdminSetUserMFAPreferenceCommand, AssociateSoftwareTokenCommand, InitiateAuthCommand, InvalidParameterException,
  RespondToAuthChallengeCommand, SetUserMFAPreferenceCommand, VerifySoftwareTokenCommand,
  type AdminAddUserToGroupCommandInput, type AdminCreateUserCommandInput, type AdminGetUserCommandInput,
  type AdminListGroupsForUserCommandInput, type AdminSetUserMFAPreferenceCommandInput, type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { cognitoAdmin } from '../../scripts/local/cognito';
import { createStaff } from '../../scripts/ops/create-staff';
import { totpCode as totp } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, uniqueEmail } from './helpers';

const TEMP_PASSWORD = 'TempPass1';
const NEW_PASSWORD = 'StaffPass99';

describe('ops:create-staff against cognito-local and dynalite', () => {
  let real: CognitoIdentityProviderClient;
  let scriptClient: CognitoIdentityProviderClient;
  let memberToken: string | undefined;
  let mfaCalls: AdminSetUserMFAPreferenceCommandInput[] = [];

  beforeAll(() => {
    real = cognitoAdmin(pool().endpoint);
    scriptClient = cognitoAdmin(pool().endpoint);
    // cognito-local 5.3 has no AdminSetUserMFAPreference. Every other call of the script goes to
    // cognito-local unchanged; that one is carried out as the member's own SetUserMFAPreference,
    // which cognito-local implements with Cognito's rule (refused until a TOTP is verified).
    const m = mockClient(scriptClient);
    m.on(AdminGetUserCommand).callsFake((i: AdminGetUserCommandInput) => real.send(new AdminGetUserCommand(i)));
    m.on(AdminCreateUserCommand).callsFake((i: AdminCreateUserCommandInput) => real.send(new AdminCreateUserCommand(i)));
    m.on(AdminListGroupsForUserCommand).callsFake((i: AdminListGroupsForUserCommandInput) => real.send(new AdminListGroupsForUserCommand(i)));
    m.on(AdminAddUserToGroupCommand).callsFake((i: AdminAddUserToGroupCommandInput) => real.send(new AdminAddUserToGroupCommand(i)));
    m.on(AdminSetUserMFAPreferenceCommand).callsFake(async (i: AdminSetUserMFAPreferenceCommandInput) => {
      mfaCalls.push(i);
      if (!memberToken) throw new InvalidParameterException({ message: 'User has not verified software token MFA', $metadata: {} });
      return real.send(new SetUserMFAPreferenceCommand({ AccessToken: memberToken, SoftwareTokenMfaSettings: i.SoftwareTokenMfaSettings }));
    });
  });
  afterAll(() => {
    real.destroy();
    scriptClient.destroy();
  });

  const run = async (email: string) => {
    const lines: string[] = [];
    const r = await createStaff({
      cognito: scriptClient, userPoolId: pool().userPoolId, users: usersRepo, email, siteUrl: 'https://dev.fullpageshot.example',
      temporaryPassword: TEMP_PASSWORD, log: (l) => lines.push(l),
    });
    return { ...r, out: lines.join('\n') };
  };

  it('creates the first staff member, then requires TOTP once they registered an authenticator; reruns change nothing', async () => {
    memberToken = undefined;
    mfaCalls = [];
    const email = uniqueEmail('ops-staff');

    const first = await run(email);
    expect(first.mfa).toBe('pending-totp-setup');
    expect(first.changes).toBe(3); // user, group, row
    expect(first.out).toContain('MFA               PENDING');
    expect(first.out).toContain('https://dev.fullpageshot.example/admin');
    const user = await real.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: email }));
    expect(user.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    const groups = await real.send(new AdminListGroupsForUserCommand({ UserPoolId: pool().userPoolId, Username: user.Username }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['staff']);
    expect(await usersRepo.get(first.userId)).toMatchObject({ userId: first.userId, email, isStaff: true, loginMethod: 'email' });

    // The member signs in with the e-mailed temporary password, picks a password, registers an authenticator.
    const auth = await real.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: TEMP_PASSWORD },
    }));
    expect(auth.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await real.send(new RespondToAuthChallengeCommand({
      ClientId: pool().userPoolClientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: auth.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: NEW_PASSWORD },
    }));
    const accessToken = done.AuthenticationResult!.AccessToken!;
    // Group in the token and row with isStaff, but no TOTP yet: the admin tool refuses the member
    // (lambdas/lib/staff-guard.ts), so "staff without MFA" cannot use it while set-up is pending.
    const pending = await callApi(routes.adminSearchUsers, { token: accessToken, query: { q: email } });
    expect(pending.status).toBe(403);

    const { SecretCode } = await real.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    await real.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totp(SecretCode!), FriendlyDeviceName: 'staff' }));
    memberToken = accessToken;

    const second = await run(email);
    expect(second).toMatchObject({ userId: first.userId, mfa: 'required', changes: 1 });
    expect(second.out).toContain('TOTP now required at every sign-in');
    expect(mfaCalls.at(-1)).toEqual({
      UserPoolId: pool().userPoolId, Username: user.Username, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });

    // Cognito now holds TOTP as the member's required, preferred factor. (The AWS pools have MFA
    // OPTIONAL, so sign-in then asks for the code; the local pool has MFA off and does not.)
    const after = await real.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: email }));
    expect(after).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });
    // Now the same token serves the admin tool: the check reads Cognito, not the token.
    const search = await callApi(routes.adminSearchUsers, { token: accessToken, query: { q: email } });
    expect(search.status).toBe(200);

    const calls = mfaCalls.length;
    const third = await run(email);
    expect(third).toMatchObject({ userId: first.userId, mfa: 'required', changes: 0 });
    expect(third.out).toContain('TOTP already required');
    expect(mfaCalls).toHaveLength(calls);
  });

  it('promotes an existing customer without touching their account row', async () => {
    memberToken = undefined;
    const u = await signedInUser(uniqueEmail('ops-promote'));
    await usersRepo.update(u.userId, { abTestV2: 'B' });
    const before = await usersRepo.get(u.userId);
    const r = await run(u.email.toUpperCase());
    expect(r).toMatchObject({ userId: u.userId, changes: 2, mfa: 'pending-totp-setup' }); // group and flag
    expect(r.out).toContain(`Cognito user      found ${u.email}`);
    const after = await usersRepo.get(u.userId);
    expect(after).toMatchObject({ ...before, isStaff: true, updated: expect.any(String) });
    expect((await run(u.email)).changes).toBe(0);
  });
});
