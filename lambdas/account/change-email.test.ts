import { AdminGetUserCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { cognitoAdmin, LOCAL_CONFIRMATION_CODE } from '../../scripts/local/cognito';
import { readOutbox } from '../../scripts/local/outbox';
import { DEMO_PASSWORD } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, uniqueEmail } from '../../test/integration/helpers';
import { usersRepo } from '../adapters/users-repo';
import type { ApiEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { EMAIL_TAKEN_MESSAGE, WRONG_CODE_MESSAGE } from './lib/change-email-rules';
import { handler as verifyHandler } from './verify-email';

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

const verify = (token: string, code: string) => callApi(routes.verifyAccountEmail, { token, body: { code } });

describe('changeEmail + verifyAccountEmail (local API, cognito-local, dynalite)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a code and changes nothing until the code is verified; then Cognito and the row change together', async () => {
    const u = await signedInUser();
    const next = uniqueEmail('changed');
    const sentAt = new Date().toISOString();
    const r = await callApi(routes.changeEmail, { token: u.accessToken, body: { email: `  ${next.toUpperCase()} ` } });
    expect(r).toEqual({ status: 200, body: { ok: true, codeSentTo: next } });

    // Nothing changed yet: the old address is still the verified one and the only one that signs in.
    expect(await cognitoEmail(u.userId)).toEqual({ email: u.email, verified: 'true' });
    expect((await usersRepo.get(u.userId))?.email).toBe(u.email);
    expect(await canSignIn(next)).toBe(false);
    // The code is mailed to the new address (the local outbox, via cognito-local's CustomMessage trigger).
    const codes = (await readOutbox(process.env.OUTBOX_DIR!)).filter((m) => m.kind === 'verification-code' && m.sentAt >= sentAt);
    expect(codes.some((m) => m.text.includes(LOCAL_CONFIRMATION_CODE) && m.to === next)).toBe(true);

    expect(await verify(u.accessToken, LOCAL_CONFIRMATION_CODE)).toEqual({ status: 200, body: { ok: true, email: next } });
    expect(await cognitoEmail(u.userId)).toEqual({ email: next, verified: 'true' });
    expect((await usersRepo.get(u.userId))?.email).toBe(next);
    const account = Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken })).body);
    expect(account.email).toBe(next);
    expect(await canSignIn(next)).toBe(true);
  });

  it('refuses a wrong code with a clear 400 and changes nothing', async () => {
    const u = await signedInUser();
    await callApi(routes.changeEmail, { token: u.accessToken, body: { email: uniqueEmail('wrong') } });
    expect(await verify(u.accessToken, '000000')).toEqual({ status: 400, body: { code: 'bad_request', message: WRONG_CODE_MESSAGE } });
    expect(await cognitoEmail(u.userId)).toEqual({ email: u.email, verified: 'true' });
    expect((await usersRepo.get(u.userId))?.email).toBe(u.email);
  });

  it('refuses a code when no change was asked for', async () => {
    const u = await signedInUser();
    const r = await verify(u.accessToken, LOCAL_CONFIRMATION_CODE);
    expect(r.status).toBe(400);
    expect((await usersRepo.get(u.userId))?.email).toBe(u.email);
  });

  it('sends no code to an e-mail another user holds, and answers as for a free one (no account oracle)', async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const r = await callApi(routes.changeEmail, { token: a.accessToken, body: { email: b.email } });
    expect(r).toEqual({ status: 200, body: { ok: true, codeSentTo: b.email } });
    expect(await verify(a.accessToken, '000000')).toEqual({ status: 400, body: { code: 'bad_request', message: WRONG_CODE_MESSAGE } });
    expect((await cognitoEmail(a.userId)).email).toBe(a.email);
    expect((await usersRepo.get(a.userId))?.email).toBe(a.email);
  });

  it('sends no code to an e-mail held by a Cognito user without a row yet (unconfirmed sign-up)', async () => {
    const a = await signedInUser();
    const pending = uniqueEmail('pending');
    const c = cognitoAdmin(pool().endpoint);
    await c.send(new SignUpCommand({ ClientId: pool().userPoolClientId, Username: pending, Password: DEMO_PASSWORD, UserAttributes: [{ Name: 'email', Value: pending }] }));
    c.destroy();
    const r = await callApi(routes.changeEmail, { token: a.accessToken, body: { email: pending } });
    expect(r).toEqual({ status: 200, body: { ok: true, codeSentTo: pending } });
    expect((await cognitoEmail(a.userId)).email).toBe(a.email);
  });

  it('refuses at the code step when someone else got the address meanwhile, and keeps the old address', async () => {
    const a = await signedInUser();
    const contested = uniqueEmail('contested');
    expect((await callApi(routes.changeEmail, { token: a.accessToken, body: { email: contested } })).status).toBe(200);
    await signedInUser(contested); // the address's owner signs up before the code is entered
    expect(await verify(a.accessToken, LOCAL_CONFIRMATION_CODE)).toEqual({ status: 409, body: { code: 'conflict', message: EMAIL_TAKEN_MESSAGE } });
    expect(await cognitoEmail(a.userId)).toEqual({ email: a.email, verified: 'true' });
    expect((await usersRepo.get(a.userId))?.email).toBe(a.email);
    expect(await canSignIn(a.email)).toBe(true);
  });

  it('accepts the current address as a no-op without a code', async () => {
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
    const badCode = await verify(u.accessToken, '12ab');
    expect(badCode).toEqual({ status: 400, body: { code: 'validation_failed', message: 'body.code: Enter the 6-digit code from the email.' } });
    expect((await callApi(routes.verifyAccountEmail, { body: { code: '123456' } })).status).toBe(401);
  });

  it('puts the Cognito e-mail back when the user row cannot be written after the code', async () => {
    const u = await signedInUser();
    await callApi(routes.changeEmail, { token: u.accessToken, body: { email: uniqueEmail('lost') } });
    const update = usersRepo.update.bind(usersRepo);
    vi.spyOn(usersRepo, 'update').mockImplementation((id, patch) =>
      'email' in patch ? Promise.reject(new Error('DynamoDB unavailable')) : update(id, patch));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const event = {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${u.accessToken}` },
      body: JSON.stringify({ code: LOCAL_CONFIRMATION_CODE }),
      isBase64Encoded: false,
      requestContext: { authorizer: { jwt: { claims: { sub: u.userId }, scopes: [] } } },
    } as unknown as ApiEvent;
    const result = await verifyHandler(event, { functionName: 'verify-email', awsRequestId: 'test' } as Context);
    expect(result).toMatchObject({ statusCode: 500 });
    expect(logged).toHaveBeenCalledWith('unhandled error', expect.objectContaining({ message: 'DynamoDB unavailable' }));
    expect(await cognitoEmail(u.userId)).toEqual({ email: u.email, verified: 'true' });
    expect((await usersRepo.get(u.userId))?.email).toBe(u.email);
    expect(await canSignIn(u.email)).toBe(true);
  });
});
