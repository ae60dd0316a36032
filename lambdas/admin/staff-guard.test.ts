import { AdminRemoveUserFromGroupCommand, SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '#shared/api/route';
import { routes } from '#shared/api/routes';
import { cognitoAdmin as localCognito } from '../../scripts/local/cognito';
import { enrolTotp } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, signIn, staffUser, uniqueEmail } from '../../test/integration/helpers';
import { recordsRepo } from '../adapters/records-repo';

/**
 * Issue #22 §6: the staff routes trusted the token's `cognito:groups` claim alone. Each staff
 * request now also needs (lambdas/lib/staff-guard.ts): the caller's user row (a deleted staff
 * member's token reads nothing), current membership of the `staff` group (AdminListGroupsForUser,
 * not the claim of a token issued before the removal), and TOTP as the account's required second
 * factor (AdminGetUser: UserMFASettingList and PreferredMfaSetting).
 */

type Staff = Awaited<ReturnType<typeof staffUser>>;

/** Every staff route, called with harmless input (a search, the audit list, a verify and a delete of a user that does not exist). */
const staffCalls = (token: string): [RouteDef, Parameters<typeof callApi>[1]][] => [
  [routes.adminSearchUsers, { token, query: { q: 'nobody-at-all@example.com' } }],
  [routes.adminListAudit, { token }],
  [routes.adminVerifyUser, { token, body: { cognitoSub: '00000000-0000-4000-8000-000000000000' } }],
  [routes.adminDeleteUser, { token, body: { cognitoSub: '00000000-0000-4000-8000-000000000000' } }],
];

async function statuses(s: Pick<Staff, 'accessToken'>) {
  const out: Record<string, number> = {};
  for (const [route, opts] of staffCalls(s.accessToken)) out[route.id] = (await callApi(route, opts)).status;
  return out;
}

const all = (status: number) => ({ adminSearchUsers: status, adminListAudit: status, adminVerifyUser: status, adminDeleteUser: status });

describe('staff routes check the caller now, not only the token', () => {
  it('refuse a staff member whose account does not require TOTP, until it does', async () => {
    const s = await staffUser(uniqueEmail('staff-nomfa'), { mfa: false });
    // Entries in this member's name only: other tests write audit entries at the same time.
    const theirs = async () => (await recordsRepo.list('admin-audit', 500)).filter((r) => r.data.actorUserId === s.userId).length;
    const refused = await callApi(routes.adminSearchUsers, { token: s.accessToken, query: { q: 'nobody-at-all@example.com' } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await statuses(s)).toEqual(all(403));
    // Nothing was done in their name: no audit entry.
    expect(await theirs()).toBe(0);

    // TOTP enabled but not the preferred (required) factor is not enough either.
    const secretOwner = await enrolTotp(pool(), s.email);
    expect(secretOwner).toBeTruthy();
    const c = localCognito(pool().endpoint);
    await c.send(new SetUserMFAPreferenceCommand({ AccessToken: await signIn(s.email), SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false } }));
    expect((await callApi(routes.adminListAudit, { token: s.accessToken })).status).toBe(403);
    await c.send(new SetUserMFAPreferenceCommand({ AccessToken: await signIn(s.email), SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    c.destroy();
    // The same token works once the account requires TOTP (the check reads Cognito, not the token).
    expect(await statuses(s)).toEqual({ ...all(404), adminListAudit: 200 }); // nobody matches the harmless inputs
  });

  it('refuse a member taken out of the staff group, with a token issued before the removal', async () => {
    const s = await staffUser();
    expect((await callApi(routes.adminListAudit, { token: s.accessToken })).status).toBe(200);
    const c = localCognito(pool().endpoint);
    await c.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: pool().userPoolId, Username: s.email, GroupName: 'staff' }));
    c.destroy();
    expect(await statuses(s)).toEqual(all(403));
  });

  it("refuse a deleted staff member's token on reads too (GET /admin/users and /admin/audit)", async () => {
    const [s, other] = await Promise.all([staffUser(), staffUser()]);
    expect((await callApi(routes.adminSearchUsers, { token: s.accessToken, query: { q: s.email } })).status).toBe(200);
    const del = await callApi(routes.adminDeleteUser, { token: other.accessToken, body: { cognitoSub: s.userId } });
    expect(del).toMatchObject({ status: 200, body: { type: 'success' } });
    const search = await callApi(routes.adminSearchUsers, { token: s.accessToken, query: { q: other.email } });
    expect(search).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await statuses(s)).toEqual(all(401));
  });

  it('still serve a plain user 403 and a staff member with TOTP 200', async () => {
    const [u, s] = await Promise.all([signedInUser(), staffUser()]);
    expect((await callApi(routes.adminListAudit, { token: u.accessToken })).status).toBe(403);
    expect((await callApi(routes.adminListAudit, { token: s.accessToken })).status).toBe(200);
  });
});
