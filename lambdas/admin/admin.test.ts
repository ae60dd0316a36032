import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand, AdminUpdateUserAttributesCommand, SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/api/routes';
import { AdminAuditList, AdminLookupResult, type AdminAuditRecord } from '#shared/domain/admin';
import { cognitoAdmin as localCognito } from '../../scripts/local/cognito';
import { DEMO_PASSWORD } from '../../scripts/local/seed';
import { callApi, pool, signedInUser, signIn, staffUser, uniqueEmail } from '../../test/integration/helpers';
import { cognitoAdmin } from '../adapters/cognito-admin';
import { dynamo } from '../adapters/dynamo-client';
import { imagesRepo } from '../adapters/images-repo';
import { memberSk, ORG_SK, orgsRepo } from '../adapters/orgs-repo';
import { recordsRepo } from '../adapters/records-repo';
import { imagesBucket, s3 } from '../adapters/s3-client';
import { stripe } from '../adapters/stripe-client';
import { usersRepo } from '../adapters/users-repo';
import { tableName } from '../lib/config';
import type { ApiEvent } from '../lib/http';
import { DELETE_ORG_ADMIN_REFUSED, DELETE_SELF_REFUSED, handler as deleteHandler } from './delete-user';

type Signed = Awaited<ReturnType<typeof signedInUser>>;


const canSignIn = (email: string) => signIn(email).then(() => true, () => false);


/** Signs up without confirming: the UNCONFIRMED user staff verify. */
async function unconfirmedUser() {
  const email = uniqueEmail('pending');
  const c = localCognito(pool().endpoint);
  const r = await c.send(new SignUpCommand({
    ClientId: pool().userPoolClientId, Username: email, Password: DEMO_PASSWORD, UserAttributes: [{ Name: 'email', Value: email }],
  }));
  c.destroy();
  return { email, userId: r.UserSub! };
}

async function cognitoState(username: string) {
  const c = localCognito(pool().endpoint);
  try {
    const u = await c.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: username }));
    return { status: u.UserStatus, verified: u.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value };
  } catch (e) {
    if ((e as Error).name === 'UserNotFoundException') return null;
    throw e;
  } finally {
    c.destroy();
  }
}

async function auditFor(targetUserId: string): Promise<AdminAuditRecord[]> {
  const rows = await recordsRepo.list<Record<string, unknown>>('admin-audit', 1000);
  return rows.filter((r) => r.data.targetUserId === targetUserId).map((r) => ({ ...r.data, recordId: r.recordId, createdAt: r.createdAt }) as AdminAuditRecord);
}

const putOrgItem = (Item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: tableName('orgs'), Item }));
const now = () => new Date().toISOString();

async function orgWith(admin: Signed, members: { user: { userId: string; email: string }; status: 'active' | 'invited' }[]) {
  const orgId = `org_${randomUUID().slice(0, 8)}`;
  await putOrgItem({
    orgId, sk: ORG_SK, name: 'Test Org', seats: 5, seatsUsed: 1 + members.length, adminEmail: admin.email, adminUserId: admin.userId,
    created: now(), updated: now(),
  });
  for (const [m, role] of [[{ user: admin, status: 'active' }, 'admin'], ...members.map((x) => [x, 'member'] as const)] as const) {
    await putOrgItem({
      orgId, sk: memberSk(m.user.userId), memberUserId: m.user.userId, email: m.user.email, orgRole: role, orgStatus: m.status,
      created: now(), updated: now(),
    });
    await usersRepo.update(m.user.userId, { orgId }).catch(() => {});
  }
  return orgId;
}

const ctx = { functionName: 'adminDeleteUser', awsRequestId: 'test', getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
/** An API Gateway event as the JWT authorizer hands it over (groups flattened to "[staff]"). */
const staffEvent = (actorId: string, body: unknown): ApiEvent => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  isBase64Encoded: false,
  requestContext: { authorizer: { jwt: { claims: { sub: actorId, 'cognito:groups': '[staff]' }, scopes: [] } } },
} as unknown as ApiEvent);

let staff: Signed;
let normal: Signed;

beforeAll(async () => {
  [staff, normal] = await Promise.all([staffUser(), signedInUser()]);
});

afterEach(() => vi.restoreAllMocks());

describe('admin routes are for staff only', () => {
  const cases = [
    { route: routes.adminSearchUsers, opts: { query: { q: 'free@example.com' } } },
    { route: routes.adminVerifyUser, opts: { body: { cognitoSub: randomUUID() } } },
    { route: routes.adminDeleteUser, opts: { body: { cognitoSub: randomUUID() } } },
    { route: routes.adminListAudit, opts: {} },
  ].map((c) => ({ ...c, id: c.route.id }));

  it.each(cases)('$id refuses a request without a token (401)', async ({ route, opts }) => {
    const r = await callApi(route, opts);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 'unauthorized', message: expect.any(String) });
  });

  it.each(cases)('$id refuses a signed-in user outside the staff group (403)', async ({ route, opts }) => {
    const r = await callApi(route, { ...opts, token: normal.accessToken });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 'forbidden', message: expect.any(String) });
  });
});

describe('adminSearchUsers', () => {
  it('finds a user by e-mail (any case) across Cognito, the users table and Stripe', async () => {
    const u = await signedInUser();
    const customer = await (await stripe()).customers.create({ email: u.email, metadata: { userId: u.userId } });
    await usersRepo.update(u.userId, { stripeCustomerId: customer.id });

    const r = await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q: `  ${u.email.toUpperCase()} ` } });
    expect(r.status).toBe(200);
    const result = AdminLookupResult.parse(r.body);
    expect(result.cognito).toMatchObject({ userStatus: 'CONFIRMED', attributes: { sub: u.userId, email: u.email } });
    expect(result.dbUser).toMatchObject({ userId: u.userId, email: u.email, orgId: null, plan: null });
    expect(result.dbUser?.created).toEqual(expect.any(String));
    expect(result.stripeCustomer).toMatchObject({ id: customer.id, foundBy: 'userRow' });
    expect(result.dbOrg).toBeNull();
    expect(result.warnings).toBeUndefined();
  });

  it('finds a user by userId, with the organisation and the staff group', async () => {
    const admin = await staffUser(); // an org admin who is also staff: both show up
    const orgId = await orgWith(admin, []);
    const r = await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q: admin.userId } });
    expect(r.status).toBe(200);
    const result = AdminLookupResult.parse(r.body);
    expect(result.cognito?.attributes.sub).toBe(admin.userId);
    expect(result.cognito?.groups).toEqual(['staff']);
    expect(result.dbUser).toMatchObject({ userId: admin.userId, orgId, isStaff: true });
    expect(result.dbOrg).toMatchObject({ orgId, adminEmail: admin.email, memberRole: 'admin', memberStatus: 'active' });
  });

  it('finds an unconfirmed sign-up that has no user row yet', async () => {
    const p = await unconfirmedUser();
    const r = await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q: p.email } });
    expect(r.status).toBe(200);
    const result = AdminLookupResult.parse(r.body);
    expect(result.cognito?.userStatus).toBe('UNCONFIRMED');
    expect(result.dbUser).toBeNull();
  });

  it.each([['ab'], ['  a '], ['']])("refuses the short query %j with 400 'Search too short.'", async (q) => {
    const r = await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 'validation_failed', message: 'query.q: Search too short.' });
  });

  it('refuses a missing query and unknown parameters with 400', async () => {
    expect((await callApi(routes.adminSearchUsers, { token: staff.accessToken })).status).toBe(400);
    expect((await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q: 'abc', x: '1' } })).status).toBe(400);
  });

  it('answers 404 when nobody matches, and survives filter-breaking characters', async () => {
    for (const q of [uniqueEmail('nobody'), randomUUID(), 'a"b\\c = "x"']) {
      const r = await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q } });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });
});

describe('adminVerifyUser', () => {
  it('confirms an unconfirmed sign-up, marks the e-mail verified, and the trigger creates the row', async () => {
    const p = await unconfirmedUser();
    expect(await cognitoState(p.email)).toEqual({ status: 'UNCONFIRMED', verified: undefined });
    expect(await canSignIn(p.email)).toBe(false);

    const r = await callApi(routes.adminVerifyUser, { token: staff.accessToken, body: { cognitoSub: p.userId } });
    expect(r).toEqual({ status: 200, body: { type: 'success', message: 'User verified.' } });
    expect(await cognitoState(p.email)).toEqual({ status: 'CONFIRMED', verified: 'true' });
    expect((await usersRepo.get(p.userId))?.email).toBe(p.email);
    expect(await canSignIn(p.email)).toBe(true);

    const [audit] = await auditFor(p.userId);
    expect(audit).toMatchObject({
      action: 'verify', actorUserId: staff.userId, actorEmail: staff.email, targetUserId: p.userId, targetEmail: p.email,
      result: 'success', message: 'User verified.',
    });
    expect(Date.now() - Date.parse(audit!.createdAt)).toBeLessThan(60_000);
  });

  it('marks the e-mail of a confirmed user verified, then says it already is', async () => {
    const u = await signedInUser();
    // The local Cognito proxy marks the e-mail verified on confirm, as Cognito does: unverify it the way AWS could leave it.
    const c = localCognito(pool().endpoint);
    await c.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: pool().userPoolId, Username: u.email, UserAttributes: [{ Name: 'email', Value: u.email }, { Name: 'email_verified', Value: 'false' }],
    }));
    c.destroy();
    expect(await cognitoState(u.email)).toEqual({ status: 'CONFIRMED', verified: 'false' });
    const first = await callApi(routes.adminVerifyUser, { token: staff.accessToken, body: { cognitoSub: u.userId } });
    expect(first).toEqual({ status: 200, body: { type: 'success', message: 'User verified.' } });
    expect(await cognitoState(u.email)).toEqual({ status: 'CONFIRMED', verified: 'true' });
    const again = await callApi(routes.adminVerifyUser, { token: staff.accessToken, body: { cognitoSub: u.userId } });
    expect(again).toEqual({ status: 200, body: { type: 'success', message: 'User was already verified.' } });
    expect(await canSignIn(u.email)).toBe(true);
  });

  it('answers 404 for an unknown sub (and audits the attempt), 400 for a bad body', async () => {
    const sub = randomUUID();
    expect((await callApi(routes.adminVerifyUser, { token: staff.accessToken, body: { cognitoSub: sub } })).status).toBe(404);
    expect((await auditFor(sub))[0]).toMatchObject({ action: 'verify', result: 'error' });
    for (const body of [{}, { cognitoSub: '' }, { cognitoSub: 'a b' }, { cognitoSub: 'x', extra: 1 }]) {
      const r = await callApi(routes.adminVerifyUser, { token: staff.accessToken, body });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'validation_failed', message: expect.any(String) });
    }
    expect((await callApi(routes.adminVerifyUser, { token: staff.accessToken, rawBody: '{"cognitoSub":' })).status).toBe(400);
  });
});

describe('adminDeleteUser', () => {
  it("deletes the Cognito user and the user's data, cancels the subscription, frees the seat, keeps the customer", async () => {
    const admin = await signedInUser();
    const u = await signedInUser();
    const orgId = await orgWith(admin, [{ user: u, status: 'active' }]);

    const s = await stripe();
    const customer = await s.customers.create({ email: u.email, metadata: { userId: u.userId } });
    const sub = await s.subscriptions.create({
      customer: customer.id, items: [{ price: process.env.STRIPE_PREMIUM_PRICE! }], trial_period_days: 7,
    });
    await usersRepo.update(u.userId, { stripeCustomerId: customer.id });

    const keys = [`users/${u.userId}/img1`, `users/${u.userId}/img1.thumb`];
    for (const Key of keys) await s3().send(new PutObjectCommand({ Bucket: imagesBucket(), Key, Body: 'x', ContentType: 'image/png' }));
    await imagesRepo.put({
      userId: u.userId, imageId: 'img1', title: 't', notes: '', urlLink: null, objectKey: keys[0]!, thumbKey: keys[1]!,
      status: 'ready', created: now(), updated: now(),
    });

    const r = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: u.userId } });
    expect(r).toEqual({ status: 200, body: { type: 'success', message: 'User deleted.' } });

    expect(await cognitoState(u.email)).toBeNull();
    expect(await canSignIn(u.email)).toBe(false);
    expect(await usersRepo.get(u.userId)).toBeUndefined();
    expect(await imagesRepo.list(u.userId)).toEqual([]);
    for (const Key of keys) {
      await expect(s3().send(new HeadObjectCommand({ Bucket: imagesBucket(), Key }))).rejects.toThrow();
    }
    expect(await orgsRepo.getMember(orgId, u.userId)).toBeUndefined();
    expect((await orgsRepo.getOrg(orgId))?.seatsUsed).toBe(1);
    expect((await s.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect((await s.customers.retrieve(customer.id)).deleted).toBeFalsy();

    const [audit] = await auditFor(u.userId);
    expect(audit).toMatchObject({ action: 'delete', actorUserId: staff.userId, targetEmail: u.email, result: 'success' });
    expect(audit!.steps?.map((x) => `${x.step}:${x.outcome}`)).toEqual(['stripe:done', 'cognito:done', 'shares:skipped', 'grants:skipped', 'images:done', 'org:done', 'userRow:done']);

    // Gone everywhere: the search finds nothing, a second delete is a 404.
    expect((await callApi(routes.adminSearchUsers, { token: staff.accessToken, query: { q: u.userId } })).status).toBe(404);
    expect((await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: u.userId } })).status).toBe(404);
  });

  it('deletes an unconfirmed sign-up that has no user row', async () => {
    const p = await unconfirmedUser();
    const r = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: p.userId } });
    expect(r.body).toEqual({ type: 'success', message: 'User deleted.' });
    expect(await cognitoState(p.email)).toBeNull();
  });

  it('refuses to delete an organisation admin or oneself (409), and leaves them as they are', async () => {
    const admin = await signedInUser();
    await orgWith(admin, []);
    const r = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: admin.userId } });
    expect(r).toEqual({ status: 409, body: { code: 'conflict', message: DELETE_ORG_ADMIN_REFUSED } });
    expect(await canSignIn(admin.email)).toBe(true);

    const self = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: staff.userId } });
    expect(self).toEqual({ status: 409, body: { code: 'conflict', message: DELETE_SELF_REFUSED } });
    expect(await canSignIn(staff.email)).toBe(true);
    expect((await auditFor(admin.userId))[0]).toMatchObject({ action: 'delete', result: 'error', message: DELETE_ORG_ADMIN_REFUSED });
  });

  it('reports a failed Cognito delete and keeps the data, so running it again finishes the job', async () => {
    const u = await signedInUser();
    vi.spyOn(cognitoAdmin, 'deleteUser').mockRejectedValueOnce(Object.assign(new Error('boom'), { name: 'InternalErrorException' }));
    const first = await deleteHandler(staffEvent(staff.userId, { cognitoSub: u.userId }), ctx);
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body!)).toEqual({ type: 'error', message: expect.stringContaining('Cognito user could not be deleted') });
    expect(await usersRepo.get(u.userId)).toBeDefined();
    expect(await canSignIn(u.email)).toBe(true);

    const second = await deleteHandler(staffEvent(staff.userId, { cognitoSub: u.userId }), ctx);
    expect(JSON.parse(second.body!)).toEqual({ type: 'success', message: 'User deleted.' });
    expect(await usersRepo.get(u.userId)).toBeUndefined();
    expect((await auditFor(u.userId)).map((a) => a.result)).toEqual(['success', 'error']);
  });

  it('keeps the user row when the images cannot be removed, and says so', async () => {
    const u = await signedInUser();
    await imagesRepo.put({
      userId: u.userId, imageId: 'x', title: 't', notes: '', urlLink: null, objectKey: `users/${u.userId}/x`, thumbKey: `users/${u.userId}/x.thumb`,
      status: 'pending', created: now(), updated: now(),
    });
    vi.spyOn(imagesRepo, 'remove').mockRejectedValueOnce(new Error('throttled'));
    const r = await deleteHandler(staffEvent(staff.userId, { cognitoSub: u.userId }), ctx);
    expect(JSON.parse(r.body!)).toEqual({ type: 'error', message: expect.stringMatching(/can no longer sign in, but 1 image\(s\) could not be deleted/) });
    expect(await canSignIn(u.email)).toBe(false);
    expect(await usersRepo.get(u.userId)).toBeDefined();

    const again = await deleteHandler(staffEvent(staff.userId, { cognitoSub: u.userId }), ctx);
    expect(JSON.parse(again.body!)).toEqual({ type: 'success', message: 'User deleted.' });
    expect(await usersRepo.get(u.userId)).toBeUndefined();
  });
});

describe('adminListAudit', () => {
  it('lists the audit trail newest first, a page at a time', async () => {
    const targets = [randomUUID(), randomUUID(), randomUUID()];
    for (const t of targets) await callApi(routes.adminVerifyUser, { token: staff.accessToken, body: { cognitoSub: t } });

    const first = await callApi(routes.adminListAudit, { token: staff.accessToken, query: { limit: '2' } });
    expect(first.status).toBe(200);
    const page1 = AdminAuditList.parse(first.body);
    expect(page1.records.map((x) => x.targetUserId)).toEqual([targets[2], targets[1]]);
    expect(page1.records[0]).toMatchObject({ action: 'verify', actorUserId: staff.userId, result: 'error' });
    expect(page1.nextCursor).toEqual(expect.any(String));

    const second = AdminAuditList.parse((await callApi(routes.adminListAudit, {
      token: staff.accessToken, query: { limit: '2', before: page1.nextCursor! },
    })).body);
    expect(second.records[0]?.targetUserId).toBe(targets[0]);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    const queries: Record<string, string>[] = [{ limit: '0' }, { limit: '1000' }, { limit: 'x' }, { before: 'nope' }];
    for (const query of queries) {
      expect((await callApi(routes.adminListAudit, { token: staff.accessToken, query })).status).toBe(400);
    }
  });
});
