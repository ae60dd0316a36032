import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { cognitoAdmin as localCognito } from '../../scripts/local/cognito';
import { callApi, pool, signedInUser, uniqueEmail } from '../../test/integration/helpers';
import { memberSk, orgsRepo } from '../adapters/orgs-repo';
import { usersRepo } from '../adapters/users-repo';
import { latestInvite, mailTo, makeOrg, seatsUsedOf } from '../../test/integration/org-test-helpers';
import { standInMemberId } from '../orgs/lib/invitations';

const RULE = 'Password must be 8+ characters long and include both lowercase and uppercase letters.';
const NOT_FOUND = { status: 404, body: { code: 'not_found', message: 'invite not found' } };

const details = (sub: string, token: string) => callApi(routes.getInviteDetails, { body: { sub, token } });
const accept = (sub: string, token: string, newAccountPassword: string | null = null) =>
  callApi(routes.acceptInvite, { body: { sub, token, newAccountPassword } });
const decline = (sub: string, token: string) => callApi(routes.declineInvite, { body: { sub, token } });

async function signIn(email: string, password: string) {
  const c = localCognito(pool().endpoint);
  try {
    const r = await c.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    return r.AuthenticationResult?.AccessToken;
  } finally {
    c.destroy();
  }
}

const accountOf = async (token: string) => Account.parse((await callApi(routes.lookupAccount, { token })).body);

describe('getInviteDetails', () => {
  it('names the invitee (temp without an account, user with one) and the organisation', async () => {
    const existing = await signedInUser(uniqueEmail('has-account'));
    const fresh = uniqueEmail('fresh');
    const org = await makeOrg({
      name: 'Details LLP',
      members: [{ email: fresh, status: 'invited' }, { email: existing.email, status: 'invited', userId: existing.userId }],
    });
    const [temp, user] = org.invites;
    expect(await details(temp!.sub, temp!.token)).toEqual({
      status: 200, body: { user: { email: fresh, type: 'temp' }, organization: { name: 'Details LLP', orgId: org.orgId } },
    });
    expect((await details(user!.sub, user!.token)).body).toMatchObject({ user: { email: existing.email, type: 'user' } });
  });

  it('answers 404 for wrong, unknown and expired tokens alike', async () => {
    const email = uniqueEmail('exp');
    const org = await makeOrg({ members: [{ email, status: 'invited' }, { email: uniqueEmail('old'), status: 'invited', expiresAt: Math.floor(Date.now() / 1000) - 1 }] });
    const [live, expired] = org.invites;
    const wrong = `${live!.token.slice(0, -2)}xx`;
    expect(await details(live!.sub, wrong)).toEqual(NOT_FOUND);
    expect(await details('nosuchsub', live!.token)).toEqual(NOT_FOUND);
    expect(await details(expired!.sub, expired!.token)).toEqual(NOT_FOUND);
    expect(await accept(expired!.sub, expired!.token, 'GoodPassw0rd')).toEqual(NOT_FOUND);
    expect(await decline(expired!.sub, expired!.token)).toEqual(NOT_FOUND);
    expect(await accept(live!.sub, wrong, 'GoodPassw0rd')).toEqual(NOT_FOUND);
    expect(await decline(live!.sub, wrong)).toEqual(NOT_FOUND);
    // A malformed body is a 400, not a 500.
    expect((await callApi(routes.getInviteDetails, { body: { sub: 'x' } })).status).toBe(400);
  });
});

describe('acceptInvite', () => {
  it('creates the account of a temp invitee with the chosen password, joins the org, once', async () => {
    const org = await makeOrg({ seats: 3 });
    const email = uniqueEmail('newbie');
    expect((await callApi(routes.sendEnterpriseMembersInvitations, {
      token: org.admin.accessToken, params: { orgId: org.orgId }, body: { invites: [{ email }] },
    })).status).toBe(200);
    const link = await latestInvite(email);
    expect(link.sub).toBe(standInMemberId(org.orgId, email));
    expect(await seatsUsedOf(org.orgId)).toBe(2);

    // The password rule, exactly; no password at all is the same.
    expect(await accept(link.sub, link.token, 'short')).toEqual({ status: 400, body: { code: 'validation_failed', message: RULE } });
    expect(await accept(link.sub, link.token, 'alllowercase1')).toMatchObject({ status: 400, body: { message: RULE } });
    expect(await accept(link.sub, link.token, null)).toMatchObject({ status: 400, body: { message: RULE } });

    const ok = await accept(link.sub, link.token, 'NewPassword1');
    expect(ok).toEqual({ status: 200, body: { orgId: org.orgId, email } });

    const token = await signIn(email, 'NewPassword1');
    expect(token).toBeTruthy();
    const account = await accountOf(token!);
    expect(account).toMatchObject({ email, orgId: org.orgId, orgName: 'Test Org LLP', orgRole: 'member', orgStatus: 'active', type: 'organization', orgAdminEmail: org.admin.email });

    // The member item moved to the real user id; the seat count is unchanged.
    const members = await orgsRepo.listMembers(org.orgId);
    expect(members.map((m) => [m.memberUserId, m.orgStatus]).sort()).toEqual([[account.userId, 'active'], [org.admin.userId, 'active']].sort());
    expect(await orgsRepo.getMember(org.orgId, link.sub)).toBeUndefined();
    expect(await seatsUsedOf(org.orgId)).toBe(2);
    expect((await usersRepo.get(account.userId))?.orgId).toBe(org.orgId);

    // Single use.
    expect(await accept(link.sub, link.token, 'NewPassword1')).toEqual(NOT_FOUND);
    expect(await details(link.sub, link.token)).toEqual(NOT_FOUND);
    expect(await decline(link.sub, link.token)).toEqual(NOT_FOUND);
  });

  it('links an existing account (invited under its own id)', async () => {
    const user = await signedInUser(uniqueEmail('existing'));
    const org = await makeOrg({ members: [{ email: user.email, status: 'invited', userId: user.userId }] });
    const inv = org.invites[0]!;
    // newAccountPassword may be left out (an existing account needs none).
    const r = await callApi(routes.acceptInvite, { body: { sub: inv.sub, token: inv.token } });
    expect(r).toEqual({ status: 200, body: { orgId: org.orgId, email: user.email } });
    expect(await accountOf(user.accessToken)).toMatchObject({ orgId: org.orgId, orgStatus: 'active', type: 'organization' });
    expect(await accept(inv.sub, inv.token)).toEqual(NOT_FOUND);
  });

  it('links an account made after the invitation (the seed’s kind of row: a stand-in id)', async () => {
    const email = uniqueEmail('later');
    const org = await makeOrg({ members: [{ email, status: 'invited', userId: crypto.randomUUID() }] });
    const inv = org.invites[0]!;
    const user = await signedInUser(email);
    expect((await details(inv.sub, inv.token)).body).toMatchObject({ user: { type: 'user' } });
    expect((await accept(inv.sub, inv.token)).status).toBe(200);
    expect(await orgsRepo.getMember(org.orgId, user.userId)).toMatchObject({ sk: memberSk(user.userId), orgStatus: 'active' });
    expect(await orgsRepo.getMember(org.orgId, inv.sub)).toBeUndefined();
    expect(await accountOf(user.accessToken)).toMatchObject({ orgId: org.orgId, orgStatus: 'active' });
  });

  it('refuses a user who already belongs to another organisation', async () => {
    const user = await signedInUser(uniqueEmail('taken'));
    await makeOrg({ members: [{ user, status: 'active' }] });
    const org = await makeOrg({ members: [{ email: user.email, status: 'invited', userId: user.userId }] });
    const inv = org.invites[0]!;
    expect(await accept(inv.sub, inv.token)).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect((await orgsRepo.getMember(org.orgId, user.userId))?.orgStatus).toBe('invited');
  });

  it('accepting twice at once joins once', async () => {
    const email = uniqueEmail('twice');
    const org = await makeOrg({ members: [{ email, status: 'invited' }] });
    const inv = org.invites[0]!;
    const results = await Promise.all([accept(inv.sub, inv.token, 'NewPassword1'), accept(inv.sub, inv.token, 'NewPassword1')]);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const members = (await orgsRepo.listMembers(org.orgId)).filter((m) => m.orgRole === 'member');
    expect(members.map((m) => m.orgStatus)).toEqual(['active']);
    expect(await seatsUsedOf(org.orgId)).toBe(2);
  });
});

describe('declineInvite', () => {
  it('removes the invitation, frees the seat, tells the admin and answers their e-mail', async () => {
    const email = uniqueEmail('nothanks');
    const org = await makeOrg({ members: [{ email, status: 'invited' }] });
    const inv = org.invites[0]!;
    expect(await seatsUsedOf(org.orgId)).toBe(2);
    expect(await decline(inv.sub, inv.token)).toEqual({ status: 200, body: { orgAdminEmail: org.admin.email } });
    expect(await orgsRepo.getMember(org.orgId, inv.sub)).toBeUndefined();
    expect(await seatsUsedOf(org.orgId)).toBe(1);
    expect((await mailTo(org.admin.email, 'invitation-declined'))[0]?.subject).toBe(`${email} declined the invitation to Test Org LLP`);
    // Used up: accept and decline are 404 now.
    expect(await decline(inv.sub, inv.token)).toEqual(NOT_FOUND);
    expect(await accept(inv.sub, inv.token, 'NewPassword1')).toEqual(NOT_FOUND);
  });
});
