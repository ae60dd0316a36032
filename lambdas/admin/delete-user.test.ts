import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { cognitoAdmin as localCognito } from '../../scripts/local/cognito';
import { DEMO_PASSWORD } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, staffUser, uniqueEmail } from '../../test/integration/helpers';
import { imagesRepo } from '../adapters/images-repo';
import { ACCOUNT_GONE_MESSAGE } from '../lib/account-guard';

describe('a user deleted by staff', () => {
  it('can no longer write with the access token they still hold, nor refresh it', async () => {
    const staff = await staffUser();
    const victim = await signedInUser(uniqueEmail('deleted'));
    const c = localCognito(pool().endpoint);
    const signedIn = await c.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().userPoolClientId, AuthParameters: { USERNAME: victim.email, PASSWORD: DEMO_PASSWORD },
    }));
    // Before: the token writes.
    const before = await callApi(routes.createImage, { token: victim.accessToken, body: { title: 'Before', notes: 'n' } });
    expect(before.status).toBe(201);

    const del = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: victim.userId } });
    expect(del).toMatchObject({ status: 200, body: { type: 'success' } });

    const after = await callApi(routes.createImage, { token: victim.accessToken, body: { title: 'After', notes: 'n' } });
    expect(after).toEqual({ status: 401, body: { code: 'unauthorized', message: ACCOUNT_GONE_MESSAGE } });
    expect(await imagesRepo.list(victim.userId)).toEqual([]);

    // The session cannot be renewed either (in AWS also AdminUserGlobalSignOut revokes the refresh token).
    await expect(c.send(new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: pool().userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: signedIn.AuthenticationResult!.RefreshToken! },
    }))).rejects.toThrow();
    c.destroy();
  });
});
