import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { Organization } from '#shared/domain/organization';
import { payWithTestCard } from '../../scripts/local/seed';
import { callApi, signedInUser } from '../../test/integration/helpers';
import { stripe } from '../adapters/stripe-client';
import { usersRepo } from '../adapters/users-repo';
import { MASTERCARD, orgWithAdmin, sessionIdOf, site, subscribe, subscribedUser, type TestUser } from '../../test/integration/billing-test-helpers';

const cardBody = (account_type: 'user' | 'organization') => ({
  account_type,
  success_url: `${site()}/account?checkout=success`,
  cancel_url: `${site()}/account`,
});

/** Creates a card-update session, saves `card` on the hosted page, answers the returned session id. */
async function saveNewCard(u: TestUser, accountType: 'user' | 'organization', card = MASTERCARD): Promise<string> {
  const r = await callApi(routes.createUpdatePaymentSession, { token: u.accessToken, body: cardBody(accountType) });
  expect(r.status).toBe(200);
  const redirect = await payWithTestCard(r.body.url as string, card, 'New Card Holder');
  expect(redirect).toContain('/account?checkout=success&session_id=cs_');
  return sessionIdOf(redirect);
}

describe('cancelAccountSubscription', () => {
  it('cancels now; the account and Stripe agree; cancelling again is harmless', async () => {
    const u = await subscribedUser();
    const r = await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
    expect(r.status).toBe(200);
    expect(Account.parse(r.body)).toMatchObject({ status: 'canceled', subscription: { status: 'canceled' } });
    expect((await (await stripe()).subscriptions.retrieve(u.account.subscription!.id)).status).toBe('canceled');
    const again = await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
    expect(again.status).toBe(200);
    expect(Account.parse(again.body).status).toBe('canceled');
  });

  it('never cuts a paid year short: Premium stays to the period end and does not renew (the Terms)', async () => {
    const u = await subscribedUser();
    await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} }); // the trial ends now
    const { account } = await subscribe(u); // a returning customer pays today
    expect(account.subscription?.status).toBe('active');
    const r = await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
    expect(Account.parse(r.body).subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const atStripe = await (await stripe()).subscriptions.retrieve(account.subscription!.id);
    expect(atStripe).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('answers 404 without a subscription', async () => {
    const u = await signedInUser();
    expect((await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} })).status).toBe(404);
  });
});

describe('updateAccountCancelAtPeriodEnd', () => {
  it('turns auto-renew off and on again', async () => {
    const u = await subscribedUser();
    const off = await callApi(routes.updateAccountCancelAtPeriodEnd, { token: u.accessToken, body: { cancel_at_period_end: true } });
    expect(Account.parse(off.body).subscription).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect((await (await stripe()).subscriptions.retrieve(u.account.subscription!.id)).cancel_at_period_end).toBe(true);
    const on = await callApi(routes.updateAccountCancelAtPeriodEnd, { token: u.accessToken, body: { cancel_at_period_end: false } });
    expect(Account.parse(on.body).subscription).toMatchObject({ cancel_at_period_end: false });
  });

  it('refuses to renew an ended subscription (409) and a bad body (400)', async () => {
    const u = await subscribedUser();
    await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
    const r = await callApi(routes.updateAccountCancelAtPeriodEnd, { token: u.accessToken, body: { cancel_at_period_end: false } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('invalid_transition');
    const bad = await callApi(routes.updateAccountCancelAtPeriodEnd, { token: u.accessToken, body: { cancel_at_period_end: 'no' } });
    expect(bad.status).toBe(400);
  });
});

describe('card update (setup-mode Checkout)', () => {
  it("makes the new card the customer's and the subscription's default", async () => {
    const u = await subscribedUser();
    const sessionId = await saveNewCard(u, 'user');
    const r = await callApi(routes.confirmUpdatePaymentSession, { token: u.accessToken, body: { session_id: sessionId, account_type: 'user' } });
    expect(r.status).toBe(200);
    expect(r.body.type).toBe('user');
    expect(Account.parse(r.body.data).card).toEqual({ brand: 'mastercard', last4: '4444', name: 'New Card Holder' });

    const s = await stripe();
    const row = await usersRepo.get(u.userId);
    const customer = await s.customers.retrieve(row!.stripeCustomerId!);
    const sub = await s.subscriptions.retrieve(u.account.subscription!.id);
    expect('deleted' in customer).toBe(false);
    const customerDefault = (customer as { invoice_settings: { default_payment_method: unknown } }).invoice_settings.default_payment_method;
    expect(customerDefault).toBe(sub.default_payment_method);
    const pm = await s.paymentMethods.retrieve(sub.default_payment_method as string);
    expect(pm.card?.last4).toBe('4444');

    // Confirming again changes nothing.
    const again = await callApi(routes.confirmUpdatePaymentSession, { token: u.accessToken, body: { session_id: sessionId, account_type: 'user' } });
    expect(again.status).toBe(200);
  });

  it("refuses another user's card session (404) and a session that was never completed (409)", async () => {
    const owner = await subscribedUser();
    const sessionId = await saveNewCard(owner, 'user');
    const other = await subscribedUser();
    const stolen = await callApi(routes.confirmUpdatePaymentSession, { token: other.accessToken, body: { session_id: sessionId, account_type: 'user' } });
    expect(stolen).toEqual({ status: 404, body: { code: 'not_found', message: 'Card update session not found.' } });
    expect((await usersRepo.get(other.userId))?.card).toMatchObject({ last4: '4242' });

    const open = await callApi(routes.createUpdatePaymentSession, { token: owner.accessToken, body: cardBody('user') });
    const r = await callApi(routes.confirmUpdatePaymentSession, {
      token: owner.accessToken, body: { session_id: sessionIdOf(open.body.url as string), account_type: 'user' },
    });
    expect(r.status).toBe(409);
  });

  it('refuses users without a billing account and return URLs outside the site', async () => {
    const u = await signedInUser();
    expect((await callApi(routes.createUpdatePaymentSession, { token: u.accessToken, body: cardBody('user') })).status).toBe(404);
    const sub = await subscribedUser();
    const evil = await callApi(routes.createUpdatePaymentSession, {
      token: sub.accessToken, body: { ...cardBody('user'), cancel_url: 'https://evil.example/' },
    });
    expect(evil.status).toBe(400);
  });

  it('becomes the default through the webhook too, when the customer never comes back', async () => {
    const u = await subscribedUser();
    await saveNewCard(u, 'user'); // no confirm call
    const s = await stripe();
    const row = await usersRepo.get(u.userId);
    const pm = await (async () => {
      for (let i = 0; i < 100; i++) {
        const sub = await s.subscriptions.retrieve(u.account.subscription!.id, { expand: ['default_payment_method'] });
        const card = (sub.default_payment_method as { card?: { last4: string } } | null)?.card;
        if (card?.last4 === '4444') return card;
        await new Promise((r) => setTimeout(r, 100));
      }
      return undefined;
    })();
    expect(pm?.last4).toBe('4444');
    expect(row?.stripeCustomerId).toBeTruthy();
  });
});

describe('organisation billing (account_type organization)', () => {
  it("lets the org admin replace the organisation's card", async () => {
    const { admin, customerId, orgId } = await orgWithAdmin();
    const sessionId = await saveNewCard(admin, 'organization');
    const r = await callApi(routes.confirmUpdatePaymentSession, {
      token: admin.accessToken, body: { session_id: sessionId, account_type: 'organization' },
    });
    expect(r.status).toBe(200);
    expect(r.body.type).toBe('organization');
    expect(Organization.parse(r.body.data)).toMatchObject({ orgId, name: 'Test Org' });
    const customer = await (await stripe()).customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] });
    const pm = (customer as { invoice_settings: { default_payment_method: { card: { last4: string } } } }).invoice_settings.default_payment_method;
    expect(pm.card.last4).toBe('4444');
  });

  it('refuses members who are not the admin, and a user without an organisation', async () => {
    const { member } = await orgWithAdmin();
    const r = await callApi(routes.createUpdatePaymentSession, { token: member.accessToken, body: cardBody('organization') });
    expect(r.status).toBe(403);
    const cancel = await callApi(routes.cancelAccountSubscription, { token: member.accessToken, body: {} });
    expect(cancel).toEqual({ status: 403, body: { code: 'forbidden', message: 'Contact your account administrator to make changes to this account.' } });
    const loner = await signedInUser();
    expect((await callApi(routes.createUpdatePaymentSession, { token: loner.accessToken, body: cardBody('organization') })).status).toBe(403);
  });
});
