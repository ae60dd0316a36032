import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { callApi, signedInUser } from '../../test/integration/helpers';
import { usersRepo } from '../adapters/users-repo';

describe('lookupAccount (local API, cognito-local, dynalite)', () => {
  it('returns the account of a user the PostConfirmation trigger created', async () => {
    const u = await signedInUser();
    const r = await callApi(routes.lookupAccount, { token: u.accessToken });
    expect(r.status).toBe(200);
    const account = Account.parse(r.body);
    expect(account).toMatchObject({ userId: u.userId, email: u.email, type: 'user', subscription: null, status: null, isStaff: false });
  });

  it('answers the retry code while the user row does not exist yet', async () => {
    const u = await signedInUser();
    await usersRepo.remove(u.userId);
    const r = await callApi(routes.lookupAccount, { token: u.accessToken });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: 'account_not_ready', message: expect.any(String) });
  });

  it('refuses a missing or invalid token with 401', async () => {
    expect((await callApi(routes.lookupAccount)).status).toBe(401);
    const bad = await callApi(routes.lookupAccount, { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' });
    expect(bad).toEqual({ status: 401, body: { code: 'unauthorized', message: 'Sign in required.' } });
  });

  it('assigns an A/B group once and lets checkout_method force it', async () => {
    const u = await signedInUser();
    const first = Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken, query: { includeAbTest: 'true' } })).body);
    expect(['A', 'B']).toContain(first.abTestV2);
    const again = Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken, query: { includeAbTest: 'true' } })).body);
    expect(again.abTestV2).toBe(first.abTestV2);
    const other = first.abTestV2 === 'A' ? 'B' : 'A';
    const forced = Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken, query: { forceAbTestV2Group: other } })).body);
    expect(forced.abTestV2).toBe(other);
  });

  it('rejects unknown query parameters with 400 {code,message}', async () => {
    const u = await signedInUser();
    const r = await callApi(routes.lookupAccount, { token: u.accessToken, query: { includePayments: 'maybe' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation_failed');
  });
});
