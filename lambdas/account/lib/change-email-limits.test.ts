import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { readOutbox } from '../../../scripts/local/outbox';
import { callApi, signedInUser, uniqueEmail } from '../../../test/integration/helpers';
import { usersRepo } from '../../adapters/users-repo';
import { EMAIL_CODE_LIMITS } from './change-email-limits';

/**
 * Issue #22 §6: POST /account/email answered 409 for an address with an account and 200 for a
 * free one (an account-existence oracle), and sent any number of codes to one address within
 * seconds. Now a taken address gets the same answer as a free one and its owner is told by mail;
 * codes are limited per user and per address by counters in DynamoDB (change-email-limits.ts).
 */

const change = (token: string, email: string) => callApi(routes.changeEmail, { token, body: { email } });
const verify = (token: string, code: string) => callApi(routes.verifyAccountEmail, { token, body: { code } });

describe('changeEmail does not tell taken addresses from free ones', () => {
  it('answers the same for an address with an account, and mails its owner instead of a code', async () => {
    const [a, owner] = await Promise.all([signedInUser(), signedInUser()]);
    const free = uniqueEmail('free');
    const sentAt = new Date().toISOString();
    const toFree = await change(a.accessToken, free);
    const toTaken = await change(a.accessToken, owner.email);
    expect(toTaken.status).toBe(toFree.status);
    expect(toTaken).toEqual({ status: 200, body: { ok: true, codeSentTo: owner.email } });
    expect(toFree).toEqual({ status: 200, body: { ok: true, codeSentTo: free } });
    // The code step answers a guess the same way too.
    const b = await signedInUser();
    await change(b.accessToken, uniqueEmail('free2'));
    const guessFree = await verify(b.accessToken, '000000');
    const c = await signedInUser();
    await change(c.accessToken, owner.email);
    expect(await verify(c.accessToken, '000000')).toEqual(guessFree);
    // Nothing changed for anyone, and the owner got a notice, not a code.
    expect((await usersRepo.get(a.userId))?.email).toBe(a.email);
    expect((await usersRepo.get(owner.userId))?.email).toBe(owner.email);
    const mail = (await readOutbox(process.env.OUTBOX_DIR!)).filter((m) => m.to === owner.email && m.sentAt >= sentAt);
    expect(mail.map((m) => m.kind)).toContain('email-change-attempt');
    expect(mail.map((m) => m.kind)).not.toContain('verification-code');
  });
});

describe('changeEmail limits how many codes are sent', () => {
  it('per address: other users together cannot send more than the limit to one address', async () => {
    const target = uniqueEmail('flooded');
    const users = await Promise.all(Array.from({ length: 3 }, () => signedInUser()));
    const statuses: number[] = [];
    for (let i = 0; i < EMAIL_CODE_LIMITS.perAddress.max + 2; i++) {
      statuses.push((await change(users[i % users.length]!.accessToken, target)).status);
    }
    expect(statuses.slice(0, EMAIL_CODE_LIMITS.perAddress.max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(EMAIL_CODE_LIMITS.perAddress.max)).toEqual([429, 429]);
    const codes = (await readOutbox(process.env.OUTBOX_DIR!)).filter((m) => m.to === target && m.kind === 'verification-code');
    expect(codes.length).toBeLessThanOrEqual(EMAIL_CODE_LIMITS.perAddress.max);
  });

  it('per user: one user cannot send more than the limit, whatever the addresses', async () => {
    const u = await signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < EMAIL_CODE_LIMITS.perUser.max + 1; i++) statuses.push((await change(u.accessToken, uniqueEmail(`spray${i}`))).status);
    expect(statuses.slice(0, EMAIL_CODE_LIMITS.perUser.max).every((s) => s === 200)).toBe(true);
    const last = await change(u.accessToken, uniqueEmail('one-more'));
    expect(last).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
  });
});

describe('changeEmail with an ID token', () => {
  it('answers 401, not 500 (only access tokens act as the user)', async () => {
    const u = await signedInUser();
    const r = await change(u.idToken, uniqueEmail('idtoken'));
    expect(r).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });
});
