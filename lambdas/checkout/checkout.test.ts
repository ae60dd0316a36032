import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { payWithTestCard } from '../../scripts/local/seed';
import { callApi, signedInUser } from '../../test/integration/helpers';
import { stripe } from '../adapters/stripe-client';
import { orgsRepo } from '../adapters/orgs-repo';
import { syncSubscription } from '../billing/lib/sync-subscription';
import { usersRepo } from '../adapters/users-repo';
import {
  checkoutBody, customersOf, DECLINED, orgWithAdmin, sessionIdOf, startCheckout, subscribe, subscribedUser, VISA,
} from '../../test/integration/billing-test-helpers';

describe('createCheckoutSessionUrl (local API, Stripe emulator)', () => {
  it('creates one Stripe customer per user across retries', async () => {
    const u = await signedInUser();
    const urls = [await startCheckout(u), await startCheckout(u), await startCheckout(u)];
    const customers = await customersOf(u.userId);
    expect(customers).toHaveLength(1);
    expect((await usersRepo.get(u.userId))?.stripeCustomerId).toBe(customers[0].id);
    const s = await stripe();
    for (const url of urls) {
      const session = await s.checkout.sessions.retrieve(sessionIdOf(url));
      expect(session.customer).toBe(customers[0].id);
      expect(session.client_reference_id).toBe(u.userId);
    }
  });

  it('creates one Stripe customer per user under concurrent calls', async () => {
    const u = await signedInUser();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody() })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const customers = await customersOf(u.userId);
    expect(customers).toHaveLength(1);
    expect((await usersRepo.get(u.userId))?.stripeCustomerId).toBe(customers[0].id);
  });

  it('expires the older open checkout, so only the latest can be paid', async () => {
    const u = await signedInUser();
    const first = await startCheckout(u);
    const second = await startCheckout(u);
    const s = await stripe();
    expect((await s.checkout.sessions.retrieve(sessionIdOf(first))).status).toBe('expired');
    expect((await s.checkout.sessions.retrieve(sessionIdOf(second))).status).toBe('open');
    await expect(payWithTestCard(first, VISA)).rejects.toThrow();
  });

  it('starts a 7-day Premium trial that performCheckoutSessionSuccess puts on the account', async () => {
    const u = await signedInUser();
    const { account, redirect } = await subscribe(u);
    expect(redirect).toMatch(/\/checkout\/success\?checkout=success&session_id=cs_/);
    expect(account).toMatchObject({
      userId: u.userId, status: 'trialing', type: 'user',
      subscription: { status: 'trialing', amount: 1200, interval: 'year', interval_count: 1, cancel_at_period_end: false, plan: 'premium' },
      card: { brand: 'visa', last4: '4242' },
    });
    expect(account.subscription!.trial_end! - account.subscription!.trial_start!).toBe(7 * 86400);
  });

  it('refuses a second checkout while subscribed (409 already_subscribed)', async () => {
    const u = await subscribedUser();
    const again = await callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody() });
    expect(again).toEqual({ status: 409, body: { code: 'already_subscribed', message: 'You already have a subscription.' } });
  });

  it('refuses a second checkout even before the stored row knows of the first', async () => {
    const u = await signedInUser();
    await payWithTestCard(await startCheckout(u), VISA);
    await usersRepo.update(u.userId, { subscription: null }); // as if no webhook had arrived yet
    const again = await callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody() });
    expect(again.status).toBe(409);
  });

  it('leaves a declined card without a subscription, and a new checkout possible', async () => {
    const u = await signedInUser();
    await expect(payWithTestCard(await startCheckout(u), DECLINED)).rejects.toThrow(/checkout not completed \(402\)/);
    const account = Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken })).body);
    expect(account.subscription).toBeNull();
    expect((await callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody() })).status).toBe(200);
  });

  it('gives a 1-day trial with quick_trial outside master', async () => {
    const u = await signedInUser();
    const { account } = await subscribe(u, { quick_trial: true });
    expect(account.subscription!.trial_end! - account.subscription!.trial_start!).toBe(86400);
  });

  it('gives one free trial per customer: cancel, then checkout again, pays at once whatever the flags', async () => {
    const u = await subscribedUser();
    expect(u.account.subscription?.status).toBe('trialing');
    const canceled = await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
    expect(Account.parse(canceled.body)).toMatchObject({ status: 'canceled', trialEligible: false });
    // #test and #nolimit are the spec's test switches: they can shorten a trial, never grant one.
    const { account, sessionId } = await subscribe(u, { quick_trial: true, no_limit: true });
    expect(account.subscription).toMatchObject({ status: 'active', trial_end: null, trial_start: null });
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
    expect((session.subscription as { trial_end: number | null }).trial_end).toBeNull();
    // The payment is named after the plan, not Stripe's charge description.
    const withPayments = Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken, query: { includePayments: 'true' } })).body);
    expect(withPayments.payments).toEqual([expect.objectContaining({ nickname: 'Premium', amount: 1200, status: 'succeeded' })]);
  });

  it("a late event of the cancelled trial does not replace the Premium bought after it", async () => {
    const u = await subscribedUser();
    const trialId = u.account.subscription!.id;
    await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
    const { account } = await subscribe(u);
    await syncSubscription(trialId); // as the trial's customer.subscription.deleted arriving late does
    expect((await usersRepo.get(u.userId))?.subscription).toMatchObject({ id: account.subscription!.id, status: 'active' });
  });

  it('knows the history even when the row lost it: Stripe lists the earlier subscription', async () => {
    const u = await subscribedUser();
    await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
    await usersRepo.update(u.userId, { subscription: null }); // as if the row had never heard of it
    const { account } = await subscribe(u);
    expect(account.subscription).toMatchObject({ status: 'active', trial_end: null });
  });

  it('tells a new customer they are eligible for the trial', async () => {
    const u = await signedInUser();
    expect(Account.parse((await callApi(routes.lookupAccount, { token: u.accessToken })).body).trialEligible).toBe(true);
  });

  it('lets a deactivated member of an organisation buy Premium on their own', async () => {
    const { member, orgId } = await orgWithAdmin();
    expect(await orgsRepo.changeStatus(orgId, member.userId, 'active', 'deactivated')).toBeDefined();
    const before = Account.parse((await callApi(routes.lookupAccount, { token: member.accessToken })).body);
    expect(before).toMatchObject({ type: 'user', orgStatus: 'deactivated', orgName: 'Test Org', subscription: null, trialEligible: true });
    const { account } = await subscribe(member);
    expect(account).toMatchObject({ type: 'user', orgStatus: 'deactivated', subscription: { status: 'trialing', plan: 'premium' } });
    expect((await usersRepo.get(member.userId))?.subscription?.status).toBe('trialing');
  });

  it("refuses members of an organisation: their plan is the organisation's (403)", async () => {
    const { member, admin } = await orgWithAdmin();
    for (const u of [member, admin]) {
      const r = await callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody() });
      expect(r.status).toBe(403);
    }
  });

  it('checkout_method forces the A/B group', async () => {
    const u = await signedInUser();
    const url = await startCheckout(u, { checkout_method: 'B' });
    expect((await usersRepo.get(u.userId))?.abTestV2).toBe('B');
    const session = await (await stripe()).checkout.sessions.retrieve(sessionIdOf(url));
    expect(session.metadata).toMatchObject({ abTestV2: 'B', userId: u.userId });
  });

  it('refuses return URLs outside the site and unknown plans with 400', async () => {
    const u = await signedInUser();
    const evil = await callApi(routes.createCheckoutSessionUrl, {
      token: u.accessToken, body: checkoutBody({ success_url: 'https://evil.example/steal' }),
    });
    expect(evil).toEqual({ status: 400, body: { code: 'validation_failed', message: 'success_url must point to this site.' } });
    const plan = await callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody({ plan: 'gold' }) });
    expect(plan.status).toBe(400);
    expect((await callApi(routes.createCheckoutSessionUrl, { body: checkoutBody() })).status).toBe(401);
  });
});

describe('performCheckoutSessionSuccess', () => {
  it("refuses another user's session as if it did not exist (404), and changes nothing", async () => {
    const owner = await signedInUser();
    const redirect = await payWithTestCard(await startCheckout(owner), VISA);
    const thief = await signedInUser();
    const r = await callApi(routes.performCheckoutSessionSuccess, { token: thief.accessToken, body: { session_id: sessionIdOf(redirect) } });
    expect(r).toEqual({ status: 404, body: { code: 'not_found', message: 'Checkout session not found.' } });
    const row = await usersRepo.get(thief.userId);
    expect(row?.subscription ?? null).toBeNull();
    expect(row?.stripeCustomerId).toBeUndefined();
  });

  it('answers 404 for an unknown session and 409 for one not paid yet', async () => {
    const u = await signedInUser();
    const unknown = await callApi(routes.performCheckoutSessionSuccess, { token: u.accessToken, body: { session_id: 'cs_test_nope' } });
    expect(unknown.status).toBe(404);
    const open = await callApi(routes.performCheckoutSessionSuccess, {
      token: u.accessToken, body: { session_id: sessionIdOf(await startCheckout(u)) },
    });
    expect(open.status).toBe(409);
    expect(open.body.code).toBe('conflict');
  });

  it('is safe to call again', async () => {
    const u = await subscribedUser();
    const again = await callApi(routes.performCheckoutSessionSuccess, { token: u.accessToken, body: { session_id: u.sessionId } });
    expect(again.status).toBe(200);
    expect(Account.parse(again.body).subscription).toEqual(u.account.subscription);
  });
});
