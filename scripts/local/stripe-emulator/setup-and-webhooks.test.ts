// Card update through a setup-mode session, and webhook delivery guarantees
// (signature format, retries with backoff, a receiver that is down).

import { createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEmulator } from './server';
import { signWebhookPayload } from './webhooks';
import { DAY, GOOD_CARD, startWithSdk, submitHostedCheckout, waitFor, WEBHOOK_SECRET, WebhookReceiver } from './test-helpers';

describe('card update with a setup-mode session', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let hooks: WebhookReceiver;

  beforeAll(async () => {
    hooks = await new WebhookReceiver().start();
    ({ emulator, stripe } = await startWithSdk({ webhookUrl: hooks.url }));
  });

  afterAll(async () => {
    await emulator.close();
    await hooks.close();
  });

  it('saves the new card; the integration makes it the default and renewals use it', async () => {
    const customer = await stripe.customers.create({ email: 'card@example.com' });
    const buy = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_premium_yearly', quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
      success_url: 'http://localhost/ok?session_id={CHECKOUT_SESSION_ID}',
    });
    await submitHostedCheckout(buy.url!, GOOD_CARD);
    const subId = (await stripe.checkout.sessions.retrieve(buy.id)).subscription as string;

    const setup = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'usd',
      setup_intent_data: { metadata: { purpose: 'card-update', subscription: subId } },
      success_url: 'http://localhost/account?card=updated&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/account',
    });
    expect(setup).toMatchObject({ mode: 'setup', status: 'open', payment_status: 'no_payment_required' });
    expect(setup.setup_intent).toMatch(/^seti_/);
    const html = await (await fetch(setup.url!)).text();
    expect(html).toContain('Save card');

    const res = await submitHostedCheckout(setup.url!, { ...GOOD_CARD, card_number: '5555 5555 5555 4444', name: 'Ada New' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost/account?card=updated&session_id=${setup.id}`);

    // What the product's checkout.session.completed handler does for mode=setup.
    const done = await stripe.checkout.sessions.retrieve(setup.id, { expand: ['setup_intent.payment_method'] });
    expect(done.status).toBe('complete');
    const si = done.setup_intent as Stripe.SetupIntent;
    expect(si).toMatchObject({ status: 'succeeded', customer: customer.id, metadata: { purpose: 'card-update', subscription: subId } });
    const newCard = si.payment_method as Stripe.PaymentMethod;
    expect(newCard.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(newCard.billing_details.name).toBe('Ada New');

    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: newCard.id } });
    await stripe.subscriptions.update(subId, { default_payment_method: newCard.id });

    const sub = await stripe.subscriptions.retrieve(subId, { expand: ['default_payment_method'] });
    expect((sub.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');
    const cards = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(cards.data.map((c) => c.card?.last4).sort()).toEqual(['4242', '4444']);

    await emulator.advanceClock(8 * DAY);
    const [charge] = (await stripe.charges.list({ customer: customer.id })).data;
    expect(charge).toMatchObject({ amount: 1200, status: 'succeeded', payment_method_details: { card: { last4: '4444' } } });

    await emulator.webhooksIdle();
    const completed = hooks.ofType('checkout.session.completed').map((e) => e.data.object.mode);
    expect(completed).toEqual(['subscription', 'setup']);
    expect(hooks.ofType('setup_intent.succeeded')).toHaveLength(1);
  });
});

describe('webhook delivery', () => {
  it('signs exactly like stripe.webhooks.generateTestHeaderString', () => {
    const payload = '{"id":"evt_1"}';
    const t = 1_700_000_000;
    expect(signWebhookPayload(payload, WEBHOOK_SECRET, t)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: t }),
    );
  });

  it('retries with backoff until the receiver answers 2xx', async () => {
    const hooks = await new WebhookReceiver().start();
    hooks.statuses = [500, 503];
    const { emulator, stripe } = await startWithSdk({ webhookUrl: hooks.url, webhookRetryDelaysMs: [20, 40, 80] });
    try {
      const c = await stripe.customers.create({ email: 'retry@example.com' });
      const [delivery] = await waitFor(() => hooks.ofType('customer.created').length > 0 && hooks.ofType('customer.created'));
      expect(delivery.data.object.id).toBe(c.id);
      await emulator.webhooksIdle();
      const event = await stripe.events.retrieve(delivery.id);
      expect(event.pending_webhooks).toBe(0);
    } finally {
      await emulator.close();
      await hooks.close();
    }
  });

  it('keeps working when the receiver is down, and gives up after the last retry', async () => {
    // A port with nothing listening.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));

    const logs: string[] = [];
    const { emulator, stripe } = await startWithSdk({
      webhookUrl: `http://127.0.0.1:${port}/down`,
      webhookRetryDelaysMs: [10, 10],
      log: (m) => logs.push(m),
    });
    try {
      const c = await stripe.customers.create({ email: 'down@example.com' });
      expect(c.id).toMatch(/^cus_/);
      await emulator.webhooksIdle();
      expect(logs.some((l) => l.includes('giving up after 3 attempts'))).toBe(true);
      expect((await stripe.customers.retrieve(c.id)).id).toBe(c.id);
    } finally {
      await emulator.close();
    }
  });
});

describe('webhook endpoints created through the API', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let startUrl: WebhookReceiver;
  let registered: WebhookReceiver;

  beforeAll(async () => {
    startUrl = await new WebhookReceiver().start();
    registered = await new WebhookReceiver().start();
    ({ emulator, stripe } = await startWithSdk({ webhookUrl: startUrl.url }));
  });

  afterAll(async () => {
    await emulator.close();
    await startUrl.close();
    await registered.close();
  });

  it('receive the events they are enabled for, signed with their own secret, as with Stripe', async () => {
    const endpoint = await stripe.webhookEndpoints.create({ url: registered.url, enabled_events: ['customer.created', 'customer.deleted'] });
    registered.secret = endpoint.secret!;
    const customer = await stripe.customers.create({ email: 'hooked@example.com' });
    await stripe.customers.update(customer.id, { name: 'Hooked' });
    await stripe.customers.del(customer.id);
    await emulator.webhooksIdle();

    expect(registered.rejected).toEqual([]);
    expect(registered.types()).toEqual(['customer.created', 'customer.deleted']);
    // The URL the emulator started with still gets everything.
    expect(startUrl.types()).toEqual(expect.arrayContaining(['customer.created', 'customer.updated', 'customer.deleted']));
    const created = (await stripe.events.list({ type: 'customer.created', limit: 1 })).data[0];
    expect(created.pending_webhooks).toBe(0);
  });

  it('do not hold up other receivers when slow: each receiving URL has its own queue', async () => {
    const slow = createHttpServer((_req, res) => void setTimeout(() => res.writeHead(200).end(), 2_000));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = await stripe.webhookEndpoints.create({
        url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow`, enabled_events: ['customer.created'],
      });
      const first = await stripe.customers.create({ email: 'first@example.com' });
      const second = await stripe.customers.create({ email: 'second@example.com' });
      const started = Date.now();
      await waitFor(() => startUrl.ofType('customer.created').some((e) => e.data.object.id === second.id), 1_500);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(startUrl.ofType('customer.created').some((e) => e.data.object.id === first.id)).toBe(true);
      await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
    } finally {
      await emulator.webhooksIdle(); // the slow receiver's own deliveries still complete
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('deliver nothing while disabled, and everything with "*"', async () => {
    const all = await new WebhookReceiver().start();
    try {
      const endpoint = await stripe.webhookEndpoints.create({ url: all.url, enabled_events: ['*'] });
      all.secret = endpoint.secret!;
      await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
      await stripe.customers.create({ email: 'quiet@example.com' });
      await emulator.webhooksIdle();
      expect(all.received).toHaveLength(0);

      await stripe.webhookEndpoints.update(endpoint.id, { disabled: false });
      const loud = await stripe.customers.create({ email: 'loud@example.com' });
      await stripe.customers.update(loud.id, { name: 'Loud' });
      await emulator.webhooksIdle();
      expect(all.types()).toEqual(['customer.created', 'customer.updated']);
    } finally {
      await all.close();
    }
  });
});
