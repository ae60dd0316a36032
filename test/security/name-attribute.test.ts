import {
  AdminGetUserCommand, AdminUpdateUserAttributesCommand, ConfirmSignUpCommand, GetUserCommand, SignUpCommand, UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { AdminLookupResult } from '#shared/domain/admin';
import { SIGNUP_NAME_ATTRIBUTE } from '#shared/deploy/user-attributes';
import { normalizeDisplayName } from '#shared/rules/display-name';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { cognitoAdmin, LOCAL_CONFIRMATION_CODE } from '../../scripts/local/cognito';
import { DEMO_PASSWORD } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, signIn, staffUser, uniqueEmail } from '../integration/helpers';

/**
 * Issue: a user's own UpdateUserAttributes stored a 636-character `name` with control characters,
 * past the rule POST /account/name applies, and the header and the admin panel showed it. The app
 * client may not write `name` (shared/deploy/user-attributes.ts; the local proxy refuses it as
 * Cognito does, scripts/local/cognito.ts): the API and the PostConfirmation trigger, both through
 * the name rule, are the only ways in.
 */
const HOSTILE_NAME = `Mallory\u0000\u0007\u001b[31m\u202E${'x'.repeat(617)}\r\n\t!`;

/** The user's attributes as the site reads them (Amplify's fetchUserAttributes is GetUser with the access token). */
async function ownAttributes(accessToken: string): Promise<Record<string, string>> {
  const c = cognitoAdmin(pool().endpoint);
  try {
    const r = await c.send(new GetUserCommand({ AccessToken: accessToken }));
    return Object.fromEntries((r.UserAttributes ?? []).map((a) => [a.Name!, a.Value!]));
  } finally {
    c.destroy();
  }
}

describe('the display name is written only through the name rule', () => {
  it("refuses a user's own UpdateUserAttributes of `name`; the name the site reads stays the one the API stored", async () => {
    expect(HOSTILE_NAME).toHaveLength(636);
    const u = await signedInUser();
    expect((await callApi(routes.updateAccountName, { token: u.accessToken, body: { name: 'Ada Lovelace' } })).status).toBe(200);

    const c = cognitoAdmin(pool().endpoint);
    const write = c.send(new UpdateUserAttributesCommand({ AccessToken: u.accessToken, UserAttributes: [{ Name: 'name', Value: HOSTILE_NAME }] }));
    await expect(write).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    c.destroy();

    expect((await ownAttributes(u.accessToken)).name).toBe('Ada Lovelace');
  });

  it('a sign-up cannot send `name`; the name it offers (custom:signup_name) becomes the name only as the rule tidies it', async () => {
    const c = cognitoAdmin(pool().endpoint);
    const signUp = (email: string, attrs: { Name: string; Value: string }[]) =>
      c.send(new SignUpCommand({ ClientId: pool().userPoolClientId, Username: email, Password: DEMO_PASSWORD, UserAttributes: [{ Name: 'email', Value: email }, ...attrs] }));
    await expect(signUp(uniqueEmail(), [{ Name: 'name', Value: HOSTILE_NAME }])).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const email = uniqueEmail();
    await signUp(email, [{ Name: SIGNUP_NAME_ATTRIBUTE, Value: HOSTILE_NAME }]);
    await c.send(new ConfirmSignUpCommand({ ClientId: pool().userPoolClientId, Username: email, ConfirmationCode: LOCAL_CONFIRMATION_CODE }));
    c.destroy();

    const attrs = await ownAttributes(await signIn(email));
    expect(attrs.name).toBe(normalizeDisplayName(HOSTILE_NAME));
    expect((await usersRepo.get(attrs.sub!))?.name).toBe(normalizeDisplayName(HOSTILE_NAME));
  });

  it('the admin panel shows a name stored before the fix only as the rule tidies it', async () => {
    const [u, staff] = await Promise.all([signedInUser(), staffUser()]);
    const c = cognitoAdmin(pool().endpoint);
    // As the user left it: written when the app client could still write `name`.
    await c.send(new AdminUpdateUserAttributesCommand({ UserPoolId: pool().userPoolId, Username: u.email, UserAttributes: [{ Name: 'name', Value: HOSTILE_NAME }] }));
    const stored = await c.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: u.email }));
    c.destroy();
    expect(stored.UserAttributes?.find((a) => a.Name === 'name')?.Value).toBe(HOSTILE_NAME);

    const r = await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q: u.email } });
    expect(r.status).toBe(200);
    expect(AdminLookupResult.parse(r.body).cognito?.attributes.name).toBe(normalizeDisplayName(HOSTILE_NAME));
  });
});
