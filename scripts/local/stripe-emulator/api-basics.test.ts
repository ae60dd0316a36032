// API plumbing through the official SDK: auth, errors, idempotency, lists,
// expansion, customers, the catalog, and persistence across a restart.

import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StripeEmulator } from './server';
import { Store } from './store';
import { buyPremium, DAY, GOOD_CARD, sdkFor, startWithSdk, submitHostedCheckout, waitFor } from './test-helpers';

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await startWithSdk());
});

afterAll(async () => {
  await emulator.close();
});

describe('auth and errors', () => {
  it('rejects keys that are not sk_test_… with 401 (StripeAuthenticationError)', async () => {
    await expect(sdkFor(emulator, 'sk_live_123').customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(sdkFor(emulator, 'nope').customers.list()).rejects.toMatchObject({ statusCode: 401 });
    const raw = await fetch(`${emulator.url}/v1/customers`);
    expect(raw.status).toBe(401);
    expect((await raw.json()).error.message).toContain('You did not provide an API key');
  });

  it('answers unknown routes with a Stripe-shaped 404', async () => {
    const res = await fetch(`${emulator.url}/v1/nothing_here`, { headers: { Authorization: 'Bearer sk_test_local' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: expect.objectContaining({ type: 'invalid_request_error', message: expect.stringContaining('Unrecognized request URL (GET: /v1/nothing_here)') }),
    });
  });

  it('reports unknown ids and bad parameters like Stripe', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_missing', quantity: 1 }], success_url: 'http://x.test/' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'line_items[0][price]' });
    await expect(stripe.customers.list({ limit: 1000 })).rejects.toMatchObject({ param: 'limit' });
    await expect(stripe.checkout.sessions.create({} as Stripe.Checkout.SessionCreateParams)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'mode',
    });
    await expect(stripe.customers.retrieve('cus_x', { expand: ['nonsense'] })).rejects.toMatchObject({ statusCode: 404 });
    const c = await stripe.customers.create({});
    await expect(stripe.customers.retrieve(c.id, { expand: ['nonsense'] })).rejects.toMatchObject({
      message: 'This property cannot be expanded (nonsense).',
    });
  });
});

describe('idempotency', () => {
  it('returns the same object for a repeated Idempotency-Key, and refuses the key with other parameters', async () => {
    const key = `test-${Date.now()}`;
    const a = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email: 'same@example.com' })).data).toHaveLength(1);
    await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('ignores the key on DELETE, as Stripe does: a second cancel answers 404 "No such subscription"', async () => {
    const customer = await stripe.customers.create({ email: 'cancel-twice@example.com' });
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_premium_yearly' }], trial_period_days: 7 });
    const key = `cancel-${sub.id}`;
    expect((await stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: key })).status).toBe('canceled');
    const again = stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: key });
    await expect(again).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(again).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: `No such subscription: '${sub.id}'` });
    // Still retrievable, as canceled subscriptions are at Stripe.
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });
});

describe('customers', () => {
  it('creates, updates (metadata merge, default card), filters by email, searches and deletes', async () => {
    const c = await stripe.customers.create({ email: 'find.me@example.com', name: 'Find Me', metadata: { userId: 'u-9', plan: 'free' } });
    expect(c).toMatchObject({ object: 'customer', email: 'find.me@example.com', invoice_settings: { default_payment_method: null } });

    const pm = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: c.id });
    expect(pm).toMatchObject({ customer: c.id, card: { brand: 'mastercard', last4: '4444' } });
    const updated = await stripe.customers.update(c.id, {
      metadata: { plan: '', orgId: 'o-1' },
      invoice_settings: { default_payment_method: pm.id },
    });
    expect(updated.metadata).toEqual({ userId: 'u-9', orgId: 'o-1' });
    expect(updated.invoice_settings.default_payment_method).toBe(pm.id);
    await expect(stripe.customers.update(c.id, { invoice_settings: { default_payment_method: 'pm_other' } })).rejects.toMatchObject({
      param: 'invoice_settings[default_payment_method]',
    });

    const expanded = await stripe.customers.retrieve(c.id, { expand: ['invoice_settings.default_payment_method'] });
    expect(((expanded as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4444');

    expect((await stripe.customers.list({ email: 'find.me@example.com' })).data.map((x) => x.id)).toEqual([c.id]);
    expect((await stripe.customers.search({ query: "metadata['userId']:'u-9'" })).data.map((x) => x.id)).toEqual([c.id]);

    const detached = await stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.retrieve(c.id) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();

    const deleted = await stripe.customers.del(c.id);
    expect(deleted).toEqual(expect.objectContaining({ id: c.id, deleted: true }));
    expect(await stripe.customers.retrieve(c.id)).toMatchObject({ id: c.id, deleted: true });
    expect((await stripe.customers.list({ email: 'find.me@example.com' })).data).toHaveLength(0);
  });

  it('paginates lists newest first with starting_after (SDK auto-pagination works)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await stripe.customers.create({ email: `page-${i}@example.com`, metadata: { batch: 'p' } })).id);
    const first = await stripe.customers.list({ limit: 2 });
    expect(first.has_more).toBe(true);
    expect(first.data.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    const all = await stripe.customers.list({ limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(all.map((c) => c.id).slice(0, 5)).toEqual([...ids].reverse());
  });
});

describe('catalog', () => {
  it('serves the seeded prices', async () => {
    const premium = await stripe.prices.retrieve('price_premium_yearly', { expand: ['product'] });
    expect(premium).toMatchObject({
      unit_amount: 1200,
      currency: 'usd',
      nickname: 'Premium',
      lookup_key: 'price_premium_yearly',
      recurring: { interval: 'year', interval_count: 1 },
      type: 'recurring',
    });
    expect((premium.product as Stripe.Product).name).toBe('Premium');
    const enterprise = await stripe.prices.list({ lookup_keys: ['price_enterprise_seat_yearly'] });
    expect(enterprise.data[0]).toMatchObject({ id: 'price_enterprise_seat_yearly', nickname: 'Enterprise', unit_amount: 1200 });
  });

  it('creates products and prices', async () => {
    const product = await stripe.products.create({ name: 'Team' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 500, currency: 'usd', recurring: { interval: 'month' }, nickname: 'Team monthly' });
    expect(price).toMatchObject({ product: product.id, unit_amount: 500, recurring: { interval: 'month' } });
    expect((await stripe.prices.retrieve(price.id)).nickname).toBe('Team monthly');
  });
});

describe('events', () => {
  it('records every change as a retrievable, listable event', async () => {
    const c = await stripe.customers.create({ email: 'evt@example.com' });
    await stripe.customers.update(c.id, { name: 'Evt' });
    const updates = await stripe.events.list({ type: 'customer.updated', limit: 1 });
    const event = updates.data[0];
    expect(event).toMatchObject({ object: 'event', type: 'customer.updated', api_version: Stripe.API_VERSION });
    expect(event.data.object).toMatchObject({ id: c.id, name: 'Evt' });
    expect(event.data.previous_attributes).toEqual({ name: null });
    expect(event.request?.id).toMatch(/^req_/);
    expect((await stripe.events.retrieve(event.id)).id).toBe(event.id);
  });
});

describe('persistence', () => {
  it('keeps state, including the advanced clock, across a restart with stateFile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stripe-emulator-'));
    const stateFile = join(dir, 'nested', 'stripe.json');
    try {
      const first = await startWithSdk({ stateFile });
      const customer = await first.stripe.customers.create({ email: 'persist@example.com' });
      const session = await first.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_premium_yearly', quantity: 1 }],
        subscription_data: { trial_period_days: 7 },
        success_url: 'http://localhost/ok',
      });
      expect((await submitHostedCheckout(session.url!, GOOD_CARD)).status).toBe(303);
      await first.emulator.advanceClock(2 * DAY);
      const clockBefore = first.emulator.now();
      await first.emulator.close();

      const second = await startWithSdk({ stateFile });
      try {
        expect(second.emulator.now()).toBeGreaterThanOrEqual(clockBefore);
        expect((await second.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ email: 'persist@example.com' });
        const [sub] = (await second.stripe.subscriptions.list({ customer: customer.id })).data;
        expect(sub.status).toBe('trialing');
        // The restarted emulator keeps billing: the trial still ends on schedule.
        await second.emulator.advanceClock(6 * DAY);
        expect((await second.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
        // Stored URLs follow the new port.
        const [charge] = (await second.stripe.charges.list({ customer: customer.id })).data;
        expect(charge.receipt_url).toContain(second.emulator.url);
      } finally {
        await second.emulator.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('writes the state file once for a burst of requests, not once per request, and soon after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stripe-emulator-'));
    const stateFile = join(dir, 'stripe.json');
    const saves = vi.spyOn(Store.prototype, 'save');
    try {
      const { emulator: e, stripe: s } = await startWithSdk({ stateFile });
      try {
        saves.mockClear();
        const made = await Promise.all(Array.from({ length: 30 }, (_, i) => s.customers.create({ email: `burst-${i}@example.com` })));
        // Each write is the whole state: one per request made a long run quadratic.
        expect(saves.mock.calls.length).toBeLessThanOrEqual(3);
        // Written without a close, within moments.
        await waitFor(() => {
          const stored = JSON.parse(readFileSync(stateFile, 'utf8')) as { customers: Record<string, unknown> };
          return made.every((c) => stored.customers[c.id]);
        }, 2000);
      } finally {
        await e.close();
      }
    } finally {
      saves.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('emulator endpoints', () => {
  it('advances the clock over HTTP, dumps state and resets', async () => {
    const before = emulator.now();
    const res = await fetch(`${emulator.url}/_emulator/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"seconds":3600}' });
    expect(res.status).toBe(200);
    expect((await res.json()).now).toBeGreaterThanOrEqual(before + 3600);

    const state = await (await fetch(`${emulator.url}/_emulator/state`)).json();
    expect(Object.keys(state.customers).length).toBeGreaterThan(0);
    expect(state.prices.price_premium_yearly.unit_amount).toBe(1200);

    const { emulator: scratch, stripe: s } = await startWithSdk();
    try {
      await s.customers.create({ email: 'gone@example.com' });
      expect((await fetch(`${scratch.url}/_emulator/reset`, { method: 'POST' })).status).toBe(200);
      expect((await s.customers.list()).data).toHaveLength(0);
      expect((await s.prices.retrieve('price_premium_yearly')).unit_amount).toBe(1200);
    } finally {
      await scratch.close();
    }
  });
});

// A browser test ends its own trial; the seeded accounts' trials, and anyone else's, stay as they are.
describe('one customer advanced alone', () => {
  async function trialFor(email: string): Promise<string> {
    const sub = await buyPremium(stripe, email, 7);
    expect((await stripe.subscriptions.retrieve(sub)).status).toBe('trialing');
    return sub;
  }

  async function advance(body: Record<string, unknown>): Promise<Response> {
    return fetch(`${emulator.url}/_emulator/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }

  it('ends one customer’s trial, named by e-mail, and leaves the others trialing', async () => {
    const mine = await trialFor('renewer@example.com');
    const theirs = await trialFor('bystander@example.com');
    const before = emulator.now();

    const res = await advance({ days: 8, customer: 'renewer@example.com' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ transitions: expect.any(Number) });

    expect((await stripe.subscriptions.retrieve(mine)).status).toBe('active');
    expect((await stripe.subscriptions.retrieve(theirs)).status).toBe('trialing');
    expect(emulator.now() - before).toBeLessThan(60); // the emulator's own clock stayed put
  });

  it('refuses a customer it does not know', async () => {
    const res = await advance({ days: 1, customer: 'nobody@example.com' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: "No such customer: 'nobody@example.com'" } });
  });
});
