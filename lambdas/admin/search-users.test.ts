import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { ADMIN_SEARCH_MAX_MATCHES, AdminSearchResult } from '#shared/rules/admin-search-matches';
import { signUpConfirmed } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, staffUser } from '../../test/integration/helpers';

/** Staff search by the beginning of an e-mail address (issue 16), through the local API and cognito-local. */

/** A prefix of letters no other test's address starts with. */
const tag = () => Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');

let staff: Awaited<ReturnType<typeof staffUser>>;
beforeAll(async () => {
  staff = await staffUser();
});
const search = (q: string, token = staff.accessToken) => callApi(routes.adminSearchUsers, { token, query: { q } });

describe('adminSearchUsers: e-mail prefix', () => {
  it('finds alice@ from "ali": one match is looked up in full, several are listed', async () => {
    const t = tag();
    const alice = await signedInUser(`${t}alice@example.com`);
    const alison = await signedInUser(`${t}alison@example.com`);

    const one = await search(`${t.toUpperCase()}alic`);
    expect(one.status).toBe(200);
    const full = AdminSearchResult.parse(one.body);
    expect(full.cognito?.attributes).toMatchObject({ sub: alice.userId, email: alice.email });
    expect(full.dbUser).toMatchObject({ userId: alice.userId });
    expect(full.matches).toBeUndefined();

    const several = AdminSearchResult.parse((await search(`${t}ali`)).body);
    expect(several).toMatchObject({ cognito: null, dbUser: null, dbOrg: null, stripeCustomer: null });
    expect(several.matches).toEqual([
      { userId: alice.userId, email: alice.email, userStatus: 'CONFIRMED' },
      { userId: alison.userId, email: alison.email, userStatus: 'CONFIRMED' },
    ]);
    expect(several.moreMatches).toBeUndefined();

    // Exact searches are unchanged: the whole address or the user id answers that user.
    expect(AdminSearchResult.parse((await search(alison.email)).body).dbUser?.userId).toBe(alison.userId);
    expect(AdminSearchResult.parse((await search(alison.userId)).body).cognito?.attributes.email).toBe(alison.email);
  });

  it(`lists at most ${ADMIN_SEARCH_MAX_MATCHES} matches and says there are more`, async () => {
    const t = tag();
    const emails = Array.from({ length: ADMIN_SEARCH_MAX_MATCHES + 2 }, (_, i) => `${t}${String(i).padStart(2, '0')}@example.com`);
    for (const email of emails) await signUpConfirmed(pool(), email);
    const r = AdminSearchResult.parse((await search(t)).body);
    expect(r.matches?.map((m) => m.email)).toEqual(emails.slice(0, ADMIN_SEARCH_MAX_MATCHES));
    expect(r.moreMatches).toBe(true);
  });

  it('answers 404 when no address begins so, and refuses non-staff', async () => {
    const t = tag();
    await signedInUser(`${t}bob@example.com`);
    expect((await search(`${t}x`)).status).toBe(404);
    const normal = await signedInUser();
    const r = await search(`${t}bo`, normal.accessToken);
    expect(r).toEqual({ status: 403, body: { code: 'forbidden', message: expect.any(String) } });
  });
});
