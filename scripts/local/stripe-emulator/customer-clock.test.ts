// One customer's clock moved alone (as a Stripe test clock on that customer): a browser test that
// ends its own trial must not end the seeded accounts' trials, or anyone else's.

import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StripeEmulator } from './server';
import { GOOD_CARD, startWithSdk, submitHostedCheckout } from './test-helpers';

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await startWithSdk());
});

afterAll(async () => {
  await emulator.close();
});

async function trialFor(email: string): Promise<string> {
  const customer = await stripe.customers.create({ email });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_premium_yearly', quantity: 1 }],
    subscription_data: { trial_period_days: 7 },
    success_url: 'http://localhost:5173/checkout?checkout=success',
  });
  expect((await submitHostedCheckout(session.url!, GOOD_CARD)).status).toBeLessThan(400);
  const [sub] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  expect(sub.status).toBe('trialing');
  return sub.id;
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
