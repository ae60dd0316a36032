import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { payWithTestCard } from '../../scripts/local/seed';
import { callApi, signedInUser } from '../../test/integration/helpers';
import { stripe } from '../adapters/stripe-client';
import { usersRepo } from '../adapters/users-repo';
import { eventually } from '../../test/integration/billing-test-helpers';

describe('Stripe webhook (emulator → signed event → local API → DynamoDB)', () => {
  it('a completed checkout with a trial puts the subscription on the user row', async () => {
    const u = await signedInUser();
    const s = await stripe();
    const customer = await s.customers.create({ email: u.email, metadata: { userId: u.userId } });
    const session = await s.checkout.sessions.create({
      mode: 'subscription', customer: customer.id, client_reference_id: u.userId,
      line_items: [{ price: process.env.STRIPE_PREMIUM_PRICE!, quantity: 1 }],
      subscription_data: { trial_period_days: 7, metadata: { userId: u.userId } },
      success_url: 'http://127.0.0.1/checkout/success?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://127.0.0.1/checkout',
    });
    const redirect = await payWithTestCard(session.url!, '4242424242424242');
    expect(redirect).toContain(`session_id=${session.id}`);

    const row = await eventually(async () => {
      const r = await usersRepo.get(u.userId);
      return r?.subscription?.status === 'trialing' ? r : undefined;
    });
    expect(row.stripeCustomerId).toBe(customer.id);
    expect(row.subscription).toMatchObject({ amount: 1200, interval: 'year', cancel_at_period_end: false });
    expect(row.subscription!.trial_end! - row.subscription!.trial_start!).toBe(7 * 86400);
    expect(row.card).toMatchObject({ brand: 'visa', last4: '4242' });

    const account = await callApi(routes.lookupAccount, { token: u.accessToken });
    expect(account.body).toMatchObject({ status: 'trialing', subscription: { status: 'trialing' } });
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const u = await signedInUser();
    const before = await usersRepo.get(u.userId);
    const payload = JSON.stringify({
      id: 'evt_forged', type: 'customer.subscription.updated', object: 'event',
      data: { object: { id: 'sub_forged', object: 'subscription', customer: 'cus_forged', metadata: { userId: u.userId } } },
    });
    const t = Math.floor(Date.now() / 1000);
    const r = await callApi(routes.stripeWebhook, { rawBody: payload, headers: { 'stripe-signature': `t=${t},v1=${'0'.repeat(64)}` } });
    expect(r).toEqual({ status: 400, body: { code: 'bad_request', message: 'Invalid Stripe signature.' } });
    const missing = await callApi(routes.stripeWebhook, { rawBody: payload });
    expect(missing.status).toBe(400);
    expect(await usersRepo.get(u.userId)).toEqual(before);
  });

  it('acknowledges event types it does not handle with 200', async () => {
    const s = await stripe();
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } });
    const header = s.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
    const r = await callApi(routes.stripeWebhook, { rawBody: payload, headers: { 'stripe-signature': header } });
    expect(r).toEqual({ status: 200, body: { received: true } });
  });
});
