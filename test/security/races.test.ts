import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { stripe } from '../../lambdas/adapters/stripe-client';
import { orgsRepo } from '../../lambdas/adapters/orgs-repo';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { checkoutBody, customersOf, sessionIdOf, subscribedUser, VISA } from '../integration/billing-test-helpers';
import { makeOrg, seatsUsedOf } from '../integration/org-test-helpers';
import { readOutbox } from '../../scripts/local/outbox';
import { payWithTestCard } from '../../scripts/local/seed';
import { callApi, signedInUser, uniqueEmail } from '../integration/helpers';
import { armStripeFault } from './faults/stripe-faults';
import { reportFigure } from '../report-figure';

/**
 * Security issue #11, races: concurrent requests over HTTP against the local stack, each race
 * judged by the raw stores afterwards (DynamoDB rows, the Stripe emulator's objects, the outbox).
 */

const measured = { invitesSent: NaN, memberships: NaN, customers: NaN, subscriptions: NaN, consistent: 0, rounds: 0 };

afterAll(() => {
  reportFigure(
    `races: 50 invites for 5 seats → ${measured.invitesSent} sent; double accept → ${measured.memberships} membership; ` +
      `2 checkouts → ${measured.customers} customer, ${measured.subscriptions} subscription; ` +
      `cancel+toggle ${measured.consistent}/${measured.rounds} consistent`,
  );
});

const ENDED = new Set(['canceled', 'incomplete_expired']);

async function subscriptionsOf(customerId: string): Promise<Stripe.Subscription[]> {
  return (await (await stripe()).subscriptions.list({ customer: customerId, status: 'all', limit: 100 })).data;
}

describe('races (security #11)', () => {
  it('50 concurrent invitations for 5 free seats invite and mail exactly 5', async () => {
    const org = await makeOrg({ seats: 6 }); // the admin holds one seat
    const emails = Array.from({ length: 50 }, (_, i) => uniqueEmail(`seat${i}`));
    const results = await Promise.all(
      emails.map((email) =>
        callApi(routes.sendEnterpriseMembersInvitations, { token: org.admin.accessToken, params: { orgId: org.orgId }, body: { invites: [{ email }] } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'seat_limit_reached')).toHaveLength(45);

    const invited = (await orgsRepo.listMembers(org.orgId)).filter((m) => m.orgStatus === 'invited');
    expect(invited).toHaveLength(5);
    expect(await seatsUsedOf(org.orgId)).toBe(6);
    const wanted = new Set(emails);
    const mails = (await readOutbox(process.env.OUTBOX_DIR!)).filter((m) => m.kind === 'invitation' && wanted.has(m.to));
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(invited.map((m) => m.email)));
    measured.invitesSent = mails.length;
    expect(mails).toHaveLength(5);
  });

  it('the same invitation accepted twice at once makes one membership (new and existing accounts)', async () => {
    const existing = await signedInUser(uniqueEmail('has-account'));
    const fresh = uniqueEmail('fresh');
    const org = await makeOrg({
      members: [{ email: fresh, status: 'invited' }, { email: existing.email, status: 'invited', userId: existing.userId }],
    });
    const accept = (i: number) => {
      const inv = org.invites[i]!;
      return callApi(routes.acceptInvite, { body: { sub: inv.sub, token: inv.token, newAccountPassword: 'NewPassword1' } });
    };
    const results = await Promise.all([accept(0), accept(0), accept(1), accept(1)]);
    // Each invitation: one acceptance wins; the other either joins the same membership or finds the invite used.
    for (const r of results) expect([200, 404]).toContain(r.status);

    const members = (await orgsRepo.listMembers(org.orgId)).filter((m) => m.orgRole === 'member');
    expect(members.map((m) => [m.email, m.orgStatus]).sort()).toEqual([[existing.email, 'active'], [fresh, 'active']].sort());
    expect(await seatsUsedOf(org.orgId)).toBe(3);
    const freshRow = await usersRepo.findByEmail(fresh);
    expect(freshRow?.orgId).toBe(org.orgId);
    expect((await usersRepo.get(existing.userId))?.orgId).toBe(org.orgId);
    // One membership per account, across every organisation.
    const memberships = [...(await orgsRepo.membershipsOf(freshRow!.userId)), ...(await orgsRepo.membershipsOf(existing.userId))];
    expect(memberships).toHaveLength(2);
    measured.memberships = (await orgsRepo.membershipsOf(freshRow!.userId)).length;
  });

  it('two checkouts at once, both hosted pages paid and completed: one customer, one subscription', async () => {
    const u = await signedInUser();
    // Hold both session creates for a moment, so each request has checked for open sessions before
    // either session exists: the interleaving that once let two sessions (and two subscriptions) through.
    await armStripeFault({ path: '/v1/checkout/sessions', method: 'POST', count: 2, hang_ms: 800 });
    const started = await Promise.all([0, 1].map(() => callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody() })));
    expect(started.map((r) => r.status)).toEqual([200, 200]);
    const urls = started.map((r) => r.body.url as string);

    // The user pays both tabs; a page already paid or expired refuses.
    const paid = await Promise.allSettled(urls.map((url) => payWithTestCard(url, VISA)));
    expect(paid.filter((p) => p.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    const completions = await Promise.all(
      urls.map((url) => callApi(routes.performCheckoutSessionSuccess, { token: u.accessToken, body: { session_id: sessionIdOf(url) } })),
    );
    for (const c of completions) expect([200, 409]).toContain(c.status);

    const customers = await customersOf(u.userId);
    const live = (await subscriptionsOf(customers[0]!.id)).filter((s) => !ENDED.has(s.status));
    measured.customers = customers.length;
    measured.subscriptions = live.length;
    expect(customers).toHaveLength(1);
    expect(live).toHaveLength(1);
    const row = await usersRepo.get(u.userId);
    expect(row?.stripeCustomerId).toBe(customers[0]!.id);
    expect(row?.subscription?.id).toBe(live[0]!.id);
  });

  it('cancel and auto-renew toggle at once leave the row equal to Stripe', async () => {
    const rounds = 3;
    const users: Awaited<ReturnType<typeof subscribedUser>>[] = await Promise.all(Array.from({ length: rounds }, () => subscribedUser()));
    await Promise.all(
      users.map(async (u, i) => {
        const cancel = () => callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
        const toggle = () => callApi(routes.updateAccountCancelAtPeriodEnd, { token: u.accessToken, body: { cancel_at_period_end: true } });
        // Vary who starts first, so more interleavings are tried.
        const [c, t] = i % 2 === 0 ? await Promise.all([cancel(), toggle()]) : (await Promise.all([toggle(), cancel()])).reverse();
        expect(c.status).toBe(200);
        expect([200, 409]).toContain(t.status);
      }),
    );
    // A forced interleaving: the toggle's re-fetch of the subscription is read before the cancel but
    // answered after it, so its (live) snapshot is written after the cancel's (ended) one.
    const held = await subscribedUser();
    users.push(held);
    const subPath = `/v1/subscriptions/${held.account.subscription!.id}`;
    await armStripeFault({ path: subPath, method: 'GET', count: 1, hang_ms: 1_000, after: true });
    const toggled = callApi(routes.updateAccountCancelAtPeriodEnd, { token: held.accessToken, body: { cancel_at_period_end: true } });
    await new Promise((r) => setTimeout(r, 300));
    expect((await callApi(routes.cancelAccountSubscription, { token: held.accessToken, body: {} })).status).toBe(200);
    expect((await toggled).status).toBe(200);
    // The held answer may belong to a webhook's re-fetch instead; let it land before judging.
    await new Promise((r) => setTimeout(r, 1_500));

    for (const u of users) {
      const sub = await (await stripe()).subscriptions.retrieve(u.account.subscription!.id);
      const row = await usersRepo.get(u.userId);
      expect(sub.status).toBe('canceled');
      measured.rounds++;
      expect({ status: row?.subscription?.status, cancel_at_period_end: row?.subscription?.cancel_at_period_end }).toEqual({
        status: sub.status, cancel_at_period_end: sub.cancel_at_period_end,
      });
      measured.consistent++;
    }
  });
});
