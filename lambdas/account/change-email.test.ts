import { AdminGetUserCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { cognitoAdmin } from '../../scripts/local/cognito';
import { DEMO_PASSWORD } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, uniqueEmail } from '../../test/integration/helpers';
import { usersRepo } from '../adapters/users-repo';
import type { ApiEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { EMAIL_TAKEN_MESSAGE, handler } from './change-email';

async function cognitoEmail(userId: string) {
  const c = cognitoAdmin(pool().endpoint);
  const u = await c.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: userId }));
  c.destroy();
  const attr = (n: string) => u.UserAttributes?.find((a) => a.Name === n)?.Value;
  return { email: attr('email'), verified: attr('email_verified') };
}

async function canSignIn(email: string) {
  const c = cognitoAdmin(pool().endpoint);
  try {
    const r = await c.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }));
    return !!r.AuthenticationResult?.AccessToken;
  } catch {
    return false;
  } finally {
    c.destroy();
  }
}

describe('changeEmail (local API, cognito-local, dynalite)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('changes the e-mail in Cognito and the user row, and the user signs in with it', async () => {
    const u = await signedInUser();
    const next = uniqueEmail('changed');
    const r = await callApi(routes.changeEmail, { token: u.accessToken, body: { email: `  ${next.toUpperCase()} ` } });
    expect(r).toEqual({ status: 200, body: { ok: true } });

    expect(await cognitoEmail(u.userId)).toEqual({ email: next, verified: 'true' });
    expect((await usersRepo.get(u.userId))?.email).toBe(next);
    const account = Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken })).body);
    expect(account.email).toBe(next);
    expect(await canSignIn(next)).toBe(true);
  });

  it('refuses an e-mail another user holds with 409 and changes nothing', async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const r = await callApi(routes.changeEmail, { token: a.accessToken, body: { email: b.email } });
    expect(r).toEqual({ status: 409, body: { code: 'conflict', message: EMAIL_TAKEN_MESSAGE } });
    expect((await cognitoEmail(a.userId)).email).toBe(a.email);
    expect((await usersRepo.get(a.userId))?.email).toBe(a.email);
  });

  it('refuses an e-mail held by a Cognito user without a row yet (unconfirmed sign-up)', async () => {
    const a = await signedInUser();
    const pending = uniqueEmail('pending');
    const c = cognitoAdmin(pool().endpoint);
    await c.send(new SignUpCommand({ ClientId: pool().userPoolClientId, Username: pending, Password: DEMO_PASSWORD, UserAttributes: [{ Name: 'email', Value: pending }] }));
    c.destroy();
    const r = await callApi(routes.changeEmail, { token: a.accessToken, body: { email: pending } });
    expect(r.status).toBe(409);
    expect((await cognitoEmail(a.userId)).email).toBe(a.email);
  });

  it('accepts the current address as a no-op', async () => {
    const u = await signedInUser();
    expect(await callApi(routes.changeEmail, { token: u.accessToken, body: { email: u.email } })).toEqual({ status: 200, body: { ok: true } });
  });

  it('refuses accounts that sign in with a social provider', async () => {
    const u = await signedInUser();
    await usersRepo.update(u.userId, { loginMethod: 'Google' });
    const r = await callApi(routes.changeEmail, { token: u.accessToken, body: { email: uniqueEmail() } });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('forbidden');
    expect((await cognitoEmail(u.userId)).email).toBe(u.email);
  });

  it('validates the input and requires a signed-in caller', async () => {
    const u = await signedInUser();
    const bad = await callApi(routes.changeEmail, { token: u.accessToken, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    const extra = await callApi(routes.changeEmail, { token: u.accessToken, body: { email: uniqueEmail(), admin: true } });
    expect(extra.status).toBe(400);
    expect((await callApi(routes.changeEmail, { body: { email: uniqueEmail() } })).status).toBe(401);
  });

  it('puts the Cognito e-mail back when the user row cannot be written', async () => {
    const u = await signedInUser();
    vi.spyOn(usersRepo, 'update').mockRejectedValueOnce(new Error('DynamoDB unavailable'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const event = {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('lost') }),
      isBase64Encoded: false,
      requestContext: { authorizer: { jwt: { claims: { sub: u.userId }, scopes: [] } } },
    } as unknown as ApiEvent;
    const result = await handler(event, { functionName: 'change-email', awsRequestId: 'test' } as Context);
    expect(result).toMatchObject({ statusCode: 500 });
    expect(JSON.parse(String((result as { body: string }).body))).toMatchObject({ code: 'internal' });
    expect(logged).toHaveBeenCalledWith('unhandled error', expect.objectContaining({ message: 'DynamoDB unavailable' }));
    expect(await cognitoEmail(u.userId)).toEqual({ email: u.email, verified: 'true' });
    expect((await usersRepo.get(u.userId))?.email).toBe(u.email);
    expect(await canSignIn(u.email)).toBe(true);
  });
});
