import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { Member, Organization } from '#shared/domain/organization';
import { cognitoAdmin as localCognito } from '../../scripts/local/cognito';
import { callApi, pool, signedInUser, uniqueEmail } from '../../test/integration/helpers';
import { orgsRepo } from '../adapters/orgs-repo';
import { stripe } from '../adapters/stripe-client';
import { usersRepo } from '../adapters/users-repo';
import { createOrganization } from './lib/create-organization';
import { latestInvite, mailTo, makeOrg, seatsUsedOf } from '../../test/integration/org-test-helpers';

const invite = (orgId: string, token: string, emails: string[]) =>
  callApi(routes.sendEnterpriseMembersInvitations, { token, params: { orgId }, body: { invites: emails.map((email) => ({ email })) } });
const setStatus = (orgId: string, token: string, userId: string, status: string) =>
  callApi(routes.updateEnterpriseMemberStatus, { token, params: { orgId, userId }, body: { status } });
const revoke = (orgId: string, token: string, userId: string) =>
  callApi(routes.revokeEnterpriseMemberInvite, { token, params: { orgId, userId } });
const details = (sub: string, token: string) => callApi(routes.getInviteDetails, { body: { sub, token } });

describe('createOrganization (npm run org:create)', () => {
  it('creates the admin account, the org, its members row, the Stripe customer and an Enterprise subscription', async () => {
    const adminEmail = uniqueEmail('neworg-admin');
    const r = await createOrganization({ name: 'Fresh Org LLP', adminEmail, seats: 7, paymentMethod: 'pm_card_visa' });
    expect(r).toMatchObject({ name: 'Fresh Org LLP', seats: 7, adminEmail, adminCreated: true, resumed: false, collection: 'charge_automatically' });

    // The admin's Cognito account waits for a new password; the temporary one was e-mailed.
    const [mail] = await mailTo(adminEmail, 'org-admin-account');
    expect(mail?.subject).toBe('Your Full Page Shot Enterprise account for Fresh Org LLP');
    const temp = mail!.text.split('\n').find((l) => /^[A-Za-z0-9]{16,}$/.test(l.trim()))!.trim();
    const c = localCognito(pool().endpoint);
    const auth = await c.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().userPoolClientId, AuthParameters: { USERNAME: adminEmail, PASSWORD: temp },
    }));
    c.destroy();
    expect(auth.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    const org = await orgsRepo.getOrg(r.orgId);
    expect(org).toMatchObject({ name: 'Fresh Org LLP', seats: 7, seatsUsed: 1, adminEmail, adminUserId: r.adminUserId, stripeCustomerId: r.stripeCustomerId });
    expect(org?.subscription).toMatchObject({ id: r.subscriptionId, plan: 'enterprise', quantity: 7, status: 'active' });
    expect(await orgsRepo.listMembers(r.orgId)).toEqual([
      expect.objectContaining({ memberUserId: r.adminUserId, email: adminEmail, orgRole: 'admin', orgStatus: 'active' }),
    ]);
    expect((await usersRepo.get(r.adminUserId))?.orgId).toBe(r.orgId);

    const s = await stripe();
    const sub = await s.subscriptions.retrieve(r.subscriptionId);
    expect(sub.metadata.orgId).toBe(r.orgId);
    expect(sub.items.data[0]).toMatchObject({ quantity: 7, price: { id: process.env.STRIPE_ENTERPRISE_PRICE } });
    expect((await s.customers.retrieve(r.stripeCustomerId)) as { metadata: Record<string, string> }).toMatchObject({ metadata: { orgId: r.orgId } });

    // Running it again finishes rather than duplicates.
    const again = await createOrganization({ name: 'Fresh Org LLP', adminEmail, seats: 7, paymentMethod: 'pm_card_visa' });
    expect(again).toMatchObject({ orgId: r.orgId, resumed: true, adminCreated: false, subscriptionId: r.subscriptionId });
  });

  it('bills an organisation without a card by invoice: no payment method, an open invoice due in days_until_due days', async () => {
    const adminEmail = uniqueEmail('invoice-org-admin');
    const r = await createOrganization({ name: 'Invoiced Org LLP', adminEmail, seats: 4, daysUntilDue: 14 });
    expect(r).toMatchObject({ seats: 4, resumed: false, collection: 'send_invoice', subscriptionStatus: 'active' });

    const s = await stripe();
    const sub = await s.subscriptions.retrieve(r.subscriptionId, { expand: ['latest_invoice'] });
    expect(sub).toMatchObject({ collection_method: 'send_invoice', days_until_due: 14, default_payment_method: null });
    const invoice = sub.latest_invoice as { status: string; amount_due: number; due_date: number; created: number };
    expect(invoice).toMatchObject({ status: 'open', amount_due: 4 * 1200 });
    expect(invoice.due_date - invoice.created).toBe(14 * 86_400);
    expect((await orgsRepo.getOrg(r.orgId))?.subscription).toMatchObject({ id: r.subscriptionId, quantity: 4, status: 'active' });
  });

  it('makes an existing user the admin; their account then shows the org', async () => {
    const admin = await signedInUser(uniqueEmail('existing-admin'));
    const r = await createOrganization({ name: 'Existing Admin Org', adminEmail: admin.email, seats: 3, paymentMethod: 'pm_card_visa' });
    expect(r).toMatchObject({ adminUserId: admin.userId, adminCreated: false });
    const account = Account.parse((await callApi(routes.lookupAccount, { token: admin.accessToken })).body);
    expect(account).toMatchObject({ orgId: r.orgId, orgName: 'Existing Admin Org', orgRole: 'admin', orgStatus: 'active', type: 'organization' });
    // A second organisation for the same admin is refused.
    await expect(createOrganization({ name: 'Another Org', adminEmail: admin.email, seats: 3 })).rejects.toThrow(/already belongs/);
  });

  it('refuses bad input', async () => {
    await expect(createOrganization({ name: ' ', adminEmail: 'x@y.example', seats: 3 })).rejects.toThrow();
    await expect(createOrganization({ name: 'X', adminEmail: 'nope', seats: 3 })).rejects.toThrow();
    await expect(createOrganization({ name: 'X', adminEmail: 'x@y.example', seats: 0 })).rejects.toThrow();
  });
});

describe('who may call the organisation routes', () => {
  it('the org admin reads the organisation and its members; members, other admins and strangers get 403', async () => {
    const member = await signedInUser();
    const org = await makeOrg({ members: [{ user: member, status: 'active' }, { email: uniqueEmail('inv'), status: 'invited' }] });
    const other = await makeOrg();
    const stranger = await signedInUser();

    const o = await callApi(routes.getOrganization, { token: org.admin.accessToken, params: { orgId: org.orgId } });
    expect(o.status).toBe(200);
    expect(Organization.parse(o.body)).toMatchObject({ orgId: org.orgId, name: 'Test Org LLP', seats: 5, adminEmail: org.admin.email });

    const m = await callApi(routes.getOrganizationMembers, { token: org.admin.accessToken, params: { orgId: org.orgId } });
    expect(m.status).toBe(200);
    const members = (m.body.members as unknown[]).map((x) => Member.parse(x));
    expect(members[0]).toEqual({ userId: org.admin.userId, email: org.admin.email, orgRole: 'admin', orgStatus: 'active' });
    expect(members.slice(1).map((x) => x.orgStatus).sort()).toEqual(['active', 'invited']);
    expect(JSON.stringify(m.body)).not.toMatch(/inviteTokenHash|inviteExpiresAt/);

    for (const token of [member.accessToken, other.admin.accessToken, stranger.accessToken]) {
      for (const r of [
        await callApi(routes.getOrganization, { token, params: { orgId: org.orgId } }),
        await callApi(routes.getOrganizationMembers, { token, params: { orgId: org.orgId } }),
        await invite(org.orgId, token, [uniqueEmail('x')]),
        await revoke(org.orgId, token, org.invites[0]!.sub),
        await setStatus(org.orgId, token, member.userId, 'deactivated'),
      ]) {
        expect(r.status).toBe(403);
      }
    }
    expect((await callApi(routes.getOrganization, { token: org.admin.accessToken, params: { orgId: 'org_nosuch' } })).status).toBe(403);
    expect((await callApi(routes.getOrganization, { params: { orgId: org.orgId } })).status).toBe(401);
    // Nothing changed.
    expect(await seatsUsedOf(org.orgId)).toBe(3);
  });
});

describe('sendEnterpriseMembersInvitations', () => {
  it('invites within the seats, e-mails each invitee a link, and resends without taking a seat', async () => {
    const existing = await signedInUser(uniqueEmail('has-account'));
    const org = await makeOrg({ seats: 4 });
    const fresh = uniqueEmail('no-account');
    const r = await invite(org.orgId, org.admin.accessToken, [fresh, existing.email.toUpperCase()]);
    expect(r.status).toBe(200);
    const members = (r.body.members as Member[]).filter((m) => m.orgRole === 'member');
    expect(members.map((m) => [m.email, m.orgStatus]).sort()).toEqual([[existing.email, 'invited'], [fresh, 'invited']].sort());
    // An invitee with an account is invited under their own user id.
    expect(members.find((m) => m.email === existing.email)?.userId).toBe(existing.userId);
    expect(await seatsUsedOf(org.orgId)).toBe(3);

    const first = await latestInvite(fresh);
    expect(first.url.origin + first.url.pathname).toBe(`${process.env.SITE_URL}/invites`);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await mailTo(fresh, 'invitation'))[0]?.subject).toBe("You're invited to join Test Org LLP on Full Page Shot");
    expect((await details(first.sub, first.token)).status).toBe(200);
    // The token is stored only as a hash.
    const row = await orgsRepo.getMember(org.orgId, first.sub);
    expect(JSON.stringify(row)).not.toContain(first.token);

    // Resend: same address → new token and e-mail, the old link dies, no extra seat.
    const again = await invite(org.orgId, org.admin.accessToken, [fresh]);
    expect(again.status).toBe(200);
    const second = await latestInvite(fresh);
    expect(second.sub).toBe(first.sub);
    expect(second.token).not.toBe(first.token);
    expect((await details(first.sub, first.token)).status).toBe(404);
    expect((await details(second.sub, second.token)).status).toBe(200);
    expect(await seatsUsedOf(org.orgId)).toBe(3);
    expect(await mailTo(fresh, 'invitation')).toHaveLength(2);
  });

  it('refuses more addresses than remaining seats, and current members, writing nothing', async () => {
    const member = await signedInUser();
    const org = await makeOrg({ seats: 3, members: [{ user: member, status: 'active' }] });
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    const tooMany = await invite(org.orgId, org.admin.accessToken, [a, b]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'seat_limit_reached' });
    expect(tooMany.body.message).toMatch(/2 requested, 1 remaining/);
    expect(await mailTo(a)).toEqual([]);

    const dup = await invite(org.orgId, org.admin.accessToken, [a, member.email]);
    expect(dup).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect(await orgsRepo.listMembers(org.orgId)).toHaveLength(2);
    expect(await seatsUsedOf(org.orgId)).toBe(2);

    const bad = await invite(org.orgId, org.admin.accessToken, ['not-an-email']);
    expect(bad.status).toBe(400);
  });

  it('holds the seat limit under concurrency: 30 invitations at once for 5 remaining seats create 5', async () => {
    const org = await makeOrg({ seats: 6 });
    const emails = Array.from({ length: 30 }, (_, i) => uniqueEmail(`race${i}`));
    const results = await Promise.all(emails.map((e) => invite(org.orgId, org.admin.accessToken, [e])));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(5);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'seat_limit_reached')).toHaveLength(25);
    const members = await orgsRepo.listMembers(org.orgId);
    expect(members.filter((m) => m.orgStatus === 'invited')).toHaveLength(5);
    expect(await seatsUsedOf(org.orgId)).toBe(6);
  });

  it('holds it for batches too, and for the same new address sent twice at once', async () => {
    const org = await makeOrg({ seats: 8 });
    const batches = Array.from({ length: 6 }, (_, i) => [uniqueEmail(`b${i}a`), uniqueEmail(`b${i}b`), uniqueEmail(`b${i}c`)]);
    const same = uniqueEmail('same');
    const results = await Promise.all([
      ...batches.map((b) => invite(org.orgId, org.admin.accessToken, b)),
      invite(org.orgId, org.admin.accessToken, [same]),
      invite(org.orgId, org.admin.accessToken, [same]),
    ]);
    const members = await orgsRepo.listMembers(org.orgId);
    const invited = members.filter((m) => m.orgStatus === 'invited');
    expect(invited.length).toBeLessThanOrEqual(7);
    expect(new Set(invited.map((m) => m.email)).size).toBe(invited.length);
    expect(await seatsUsedOf(org.orgId)).toBe(1 + invited.length);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  });
});

describe('member status transitions', () => {
  it('allows exactly: invited → resend or delete; active → deactivated; deactivated → active', async () => {
    const active = await signedInUser();
    const deactivated = await signedInUser();
    const archived = await signedInUser();
    const invitedEmail = uniqueEmail('pending');
    const org = await makeOrg({
      seats: 5,
      members: [
        { user: active, status: 'active' }, { user: deactivated, status: 'deactivated' }, { user: archived, status: 'archived' },
        { email: invitedEmail, status: 'invited' },
      ],
    });
    const t = org.admin.accessToken;
    const invitedId = org.invites[0]!.sub;
    expect(await seatsUsedOf(org.orgId)).toBe(3);

    // Refused: every other change, on every status.
    for (const [userId, status] of [
      [invitedId, 'active'], [invitedId, 'deactivated'], [invitedId, 'archived'],
      [active.userId, 'active'], [active.userId, 'invited'], [active.userId, 'archived'],
      [deactivated.userId, 'deactivated'], [deactivated.userId, 'archived'], [deactivated.userId, 'invited'],
      [archived.userId, 'active'], [archived.userId, 'deactivated'], [archived.userId, 'invited'],
    ] as const) {
      const r = await setStatus(org.orgId, t, userId, status);
      expect([userId, status, r.status, r.body.code]).toEqual([userId, status, 409, 'invalid_transition']);
    }
    for (const userId of [active.userId, deactivated.userId, archived.userId]) {
      expect((await revoke(org.orgId, t, userId)).body.code).toBe('invalid_transition');
    }
    // Admin rows: no actions at all.
    expect((await setStatus(org.orgId, t, org.admin.userId, 'deactivated')).status).toBe(403);
    expect((await revoke(org.orgId, t, org.admin.userId)).status).toBe(403);
    expect((await setStatus(org.orgId, t, 'nosuchuser', 'deactivated')).status).toBe(404);
    expect(await seatsUsedOf(org.orgId)).toBe(3);

    // active → deactivated frees a seat.
    const d = await setStatus(org.orgId, t, active.userId, 'deactivated');
    expect(d).toMatchObject({ status: 200, body: { userId: active.userId, orgStatus: 'deactivated' } });
    expect(await seatsUsedOf(org.orgId)).toBe(2);
    // deactivated → active takes one.
    const a = await setStatus(org.orgId, t, deactivated.userId, 'active');
    expect(a).toMatchObject({ status: 200, body: { userId: deactivated.userId, orgStatus: 'active' } });
    expect(await seatsUsedOf(org.orgId)).toBe(3);
    // invited → resend (no seat) and → deleted (seat freed, link dead).
    const before = org.invites[0]!;
    expect((await invite(org.orgId, t, [invitedEmail])).status).toBe(200);
    expect(await seatsUsedOf(org.orgId)).toBe(3);
    const resent = await latestInvite(invitedEmail);
    expect((await details(before.sub, before.token)).status).toBe(404);
    const del = await revoke(org.orgId, t, invitedId);
    expect(del).toEqual({ status: 200, body: { ok: true } });
    expect(await orgsRepo.getMember(org.orgId, invitedId)).toBeUndefined();
    expect(await seatsUsedOf(org.orgId)).toBe(2);
    expect((await details(resent.sub, resent.token)).status).toBe(404);
    expect((await revoke(org.orgId, t, invitedId)).status).toBe(404);
  });

  it('reactivation needs a free seat', async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const org = await makeOrg({ seats: 2, members: [{ user: a, status: 'active' }, { user: b, status: 'deactivated' }] });
    const r = await setStatus(org.orgId, org.admin.accessToken, b.userId, 'active');
    expect(r).toMatchObject({ status: 409, body: { code: 'seat_limit_reached' } });
    expect((await orgsRepo.getMember(org.orgId, b.userId))?.orgStatus).toBe('deactivated');
    expect(await seatsUsedOf(org.orgId)).toBe(2);
    // Deactivating a frees the seat b can then take.
    expect((await setStatus(org.orgId, org.admin.accessToken, a.userId, 'deactivated')).status).toBe(200);
    expect((await setStatus(org.orgId, org.admin.accessToken, b.userId, 'active')).status).toBe(200);
    expect(await seatsUsedOf(org.orgId)).toBe(2);
  });

  it('concurrent reactivations never exceed the seats', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signedInUser()));
    const org = await makeOrg({ seats: 3, members: users.map((user) => ({ user, status: 'deactivated' as const })) });
    const results = await Promise.all(users.map((u) => setStatus(org.orgId, org.admin.accessToken, u.userId, 'active')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(await seatsUsedOf(org.orgId)).toBe(3);
    const account = Account.parse((await callApi(routes.lookupAccount, { token: users[0]!.accessToken })).body);
    expect(account.orgId).toBe(org.orgId);
  });
});
