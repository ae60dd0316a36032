// The Premium journey through the official SDK: checkout with a 7-day trial on the
// hosted page, signed webhooks, trial end, renewal, failed payment, and cancellation.

import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEmulator } from './server';
import { DAY, GOOD_CARD, startWithSdk, submitHostedCheckout, WebhookReceiver } from './test-helpers';

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

async function premiumCheckout(customer: string, trialDays: number | null = 7): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: 'user-1',
    line_items: [{ price: 'price_premium_yearly', quantity: 1 }],
    subscription_data: { ...(trialDays ? { trial_period_days: trialDays } : {}), metadata: { userId: 'user-1' } },
    metadata: { userId: 'user-1', plan: 'premium' },
    success_url: 'http://localhost:5173/checkout?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/checkout?checkout=cancel',
  });
}

describe('Premium checkout with a 7-day trial', () => {
  let customer: Stripe.Customer;
  let session: Stripe.Checkout.Session;
  let subscription: Stripe.Subscription;
  let start: number;

  it('creates a customer and an open session whose url is the hosted page', async () => {
    customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { userId: 'user-1' } });
    expect(customer.id).toMatch(/^cus_/);
    session = await premiumCheckout(customer.id);
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', customer: customer.id });
    expect(session.url).toBe(`${emulator.url}/pay/${session.id}`);

    const html = await (await fetch(session.url!)).text();
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card', 'Start trial', 'Cancel', '7 days free', '$12.00']) {
      expect(html).toContain(label);
    }
    expect(html).toContain('href="http://localhost:5173/checkout?checkout=cancel"');
  });

  it('re-renders the page for a declined card and changes nothing', async () => {
    const res = await submitHostedCheckout(session.url!, { ...GOOD_CARD, card_number: '4000 0000 0000 0002' });
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined.');

    const invalid = await submitHostedCheckout(session.url!, { ...GOOD_CARD, card_number: '1234 5678 9012 3456' });
    expect(await invalid.text()).toContain('Your card number is invalid.');

    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toHaveLength(0);
  });

  it('completes with 4242 and redirects to success_url with the session id', async () => {
    start = emulator.now();
    const res = await submitHostedCheckout(session.url!, GOOD_CARD);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost:5173/checkout?checkout=success&session_id=${session.id}`);
  });

  it('retrieves the session with the trialing subscription expanded', async () => {
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'subscription.default_payment_method', 'line_items'],
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', url: null, client_reference_id: 'user-1' });
    expect(done.customer_details).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(done.line_items?.data[0]).toMatchObject({ quantity: 1, price: { id: 'price_premium_yearly', unit_amount: 1200 } });

    subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('trialing');
    expect(subscription.metadata).toEqual({ userId: 'user-1' });
    expect(subscription.trial_start).toBeGreaterThanOrEqual(start);
    expect(subscription.trial_end! - subscription.trial_start!).toBe(7 * DAY);
    const item = subscription.items.data[0];
    expect(item).toMatchObject({ quantity: 1, price: { id: 'price_premium_yearly', nickname: 'Premium' } });
    expect(item.current_period_end).toBe(subscription.trial_end);
    expect('current_period_end' in subscription).toBe(false);

    const pm = subscription.default_payment_method as Stripe.PaymentMethod;
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    expect(pm.billing_details.name).toBe('Ada Lovelace');

    const refreshed = await stripe.customers.retrieve(customer.id);
    expect((refreshed as Stripe.Customer).invoice_settings.default_payment_method).toBe(pm.id);
  });

  it('delivers checkout.session.completed and customer.subscription.created with valid signatures', async () => {
    await emulator.webhooksIdle();
    expect(hooks.rejected).toEqual([]);
    const completed = hooks.ofType('checkout.session.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0].data.object).toMatchObject({ id: session.id, status: 'complete', subscription: subscription.id });
    expect(completed[0].api_version).toBe('2026-10-28.endive');
    const created = hooks.ofType('customer.subscription.created');
    expect(created[0].data.object).toMatchObject({ id: subscription.id, status: 'trialing' });
    // Order of creation is kept: the subscription exists before the session completes.
    expect(hooks.types().indexOf('customer.subscription.created')).toBeLessThan(hooks.types().indexOf('checkout.session.completed'));

    const stored = await stripe.events.retrieve(completed[0].id);
    expect(stored.type).toBe('checkout.session.completed');
  });

  it('turns active at trial end with a paid $12 invoice, a charge and a receipt', async () => {
    await emulator.webhooksIdle();
    hooks.received.length = 0;
    await emulator.advanceClock(8 * DAY);
    const sub = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(sub.status).toBe('active');
    const item = sub.items.data[0];
    expect(item.current_period_start).toBe(subscription.trial_end);
    expect(new Date(item.current_period_end * 1000).getUTCFullYear()).toBe(new Date(item.current_period_start * 1000).getUTCFullYear() + 1);

    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1200, amount_due: 1200, total: 1200, billing_reason: 'subscription_cycle' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(invoice.lines.data[0].pricing?.price_details?.price).toBe('price_premium_yearly');

    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => i.amount_paid)).toEqual([1200, 0]);
    // In this API version an invoice reaches its charge through `payments` (only when expanded).
    const withPayments = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    expect(withPayments.payments?.data[0]).toMatchObject({ status: 'paid', amount_paid: 1200, payment: { type: 'payment_intent' } });

    const charges = await stripe.charges.list({ customer: customer.id });
    expect(charges.data).toHaveLength(1);
    const charge = charges.data[0];
    expect(charge).toMatchObject({ amount: 1200, status: 'succeeded', paid: true, payment_method_details: { card: { brand: 'visa', last4: '4242' } } });
    expect(charge.receipt_url).toMatch(new RegExp(`^${emulator.url}/receipts/ch_`));
    const receipt = await fetch(charge.receipt_url!);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('$12.00');

    await emulator.webhooksIdle();
    expect(hooks.types()).toEqual(expect.arrayContaining(['customer.subscription.updated', 'invoice.paid']));
    const updated = hooks.ofType('customer.subscription.updated')[0];
    expect(updated.data.object.status).toBe('active');
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });
  });

  it('refunds part of the charge', async () => {
    const [charge] = (await stripe.charges.list({ customer: customer.id })).data;
    const refund = await stripe.refunds.create({ charge: charge.id, amount: 500 });
    expect(refund).toMatchObject({ object: 'refund', amount: 500, charge: charge.id, status: 'succeeded' });
    const withRefunds = await stripe.charges.list({ customer: customer.id, expand: ['data.refunds'] });
    expect(withRefunds.data[0].amount_refunded).toBe(500);
    expect(withRefunds.data[0].refunds?.data.map((r) => r.amount)).toEqual([500]);
    const refunds = await stripe.refunds.list({ charge: charge.id, expand: ['data.charge'] });
    expect((refunds.data[0].charge as Stripe.Charge).amount_refunded).toBe(500);
    await expect(stripe.refunds.create({ charge: charge.id, amount: 5000 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
    });
  });

  it('goes past_due when a renewal fails, and recovers on the automatic retry', async () => {
    await emulator.webhooksIdle();
    hooks.received.length = 0;
    const res = await fetch(`${emulator.url}/_emulator/fail-next-payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ customer: customer.id }),
    });
    expect(res.status).toBe(200);

    const before = await stripe.subscriptions.retrieve(subscription.id);
    await emulator.advanceClock(before.items.data[0].current_period_end - emulator.now() + 60);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', amount_paid: 0, attempt_count: 1 });
    expect(invoice.next_payment_attempt).toBeGreaterThan(emulator.now());
    await emulator.webhooksIdle();
    expect(hooks.ofType('invoice.payment_failed')).toHaveLength(1);
    const failedCharges = (await stripe.charges.list({ customer: customer.id })).data.filter((c) => c.status === 'failed');
    expect(failedCharges).toHaveLength(1);

    await emulator.advanceClock(3 * DAY + 60);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
  });

  it('cancels at period end when asked, with customer.subscription.deleted', async () => {
    await emulator.webhooksIdle();
    hooks.received.length = 0;
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated.cancel_at_period_end).toBe(true);
    expect(updated.cancel_at).toBe(updated.items.data[0].current_period_end);
    expect(updated.status).toBe('active');

    await emulator.advanceClock(updated.items.data[0].current_period_end - emulator.now() + 1);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).toBe(updated.items.data[0].current_period_end);
    expect(canceled.canceled_at).not.toBeNull();

    await emulator.webhooksIdle();
    const deleted = hooks.ofType('customer.subscription.deleted');
    expect(deleted).toHaveLength(1);
    expect(deleted[0].data.object.status).toBe('canceled');
    // No renewal charge was made.
    expect(hooks.ofType('invoice.paid')).toHaveLength(0);

    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });
});

describe('subscriptions without a trial', () => {
  it('charges at checkout: active, paid session, $12 charge', async () => {
    const customer = await stripe.customers.create({ email: 'bob@example.com' });
    const session = await premiumCheckout(customer.id, null);
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('>Pay<');
    const res = await submitHostedCheckout(session.url!, { ...GOOD_CARD, card_number: '5555555555554444' });
    expect(res.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription.latest_invoice'] });
    expect(done.payment_status).toBe('paid');
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('active');
    expect((sub.latest_invoice as Stripe.Invoice).status).toBe('paid');
    const charges = await stripe.charges.list({ customer: customer.id });
    expect(charges.data[0]).toMatchObject({ amount: 1200, payment_method_details: { card: { brand: 'mastercard', last4: '4444' } } });
  });

  it('declines a card that cannot be charged (4000 0000 0000 0341) when payment is due now', async () => {
    const customer = await stripe.customers.create({ email: 'carl@example.com' });
    const session = await premiumCheckout(customer.id, null);
    const res = await submitHostedCheckout(session.url!, { ...GOOD_CARD, card_number: '4000000000000341' });
    expect(await res.text()).toContain('Your card was declined.');
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
  });

  it('updates seat quantity and cancels immediately', async () => {
    const customer = await stripe.customers.create({ email: 'org@example.com', payment_method: 'pm_card_visa' });
    const pm = (await stripe.paymentMethods.list({ customer: customer.id })).data[0];
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_enterprise_seat_yearly', quantity: 3 }] });
    expect(sub.status).toBe('active');
    expect((await stripe.invoices.retrieve(sub.latest_invoice as string)).amount_paid).toBe(3600);

    const more = await stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0].id, quantity: 5 }], proration_behavior: 'none' });
    expect(more.items.data[0].quantity).toBe(5);

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.canceled_at).toBe(canceled.ended_at);
    await expect(stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0].id, quantity: 6 }] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });
});

describe('dunning and trial shortcuts', () => {
  async function trialingCustomer(card = GOOD_CARD.card_number!): Promise<{ customer: Stripe.Customer; sub: Stripe.Subscription }> {
    const customer = await stripe.customers.create({ email: `dunning-${Math.random()}@example.com` });
    const session = await premiumCheckout(customer.id, 7);
    expect((await submitHostedCheckout(session.url!, { ...GOOD_CARD, card_number: card })).status).toBe(303);
    const sub = (await stripe.subscriptions.list({ customer: customer.id })).data[0];
    return { customer, sub };
  }

  it('ends a trial at once with trial_end=now', async () => {
    const { sub } = await trialingCustomer();
    const ended = await stripe.subscriptions.update(sub.id, { trial_end: 'now' });
    expect(ended.status).toBe('active');
    expect(ended.trial_end).toBe(emulator.now());
    expect((await stripe.invoices.retrieve(ended.latest_invoice as string)).amount_paid).toBe(1200);
  });

  it('cancels after the last automatic retry fails (card 4000 0000 0000 0341 saved for a trial)', async () => {
    const { sub } = await trialingCustomer('4000 0000 0000 0341');
    await emulator.advanceClock(7 * DAY + 60);
    const pastDue = await stripe.subscriptions.retrieve(sub.id);
    expect(pastDue.status).toBe('past_due');
    await emulator.advanceClock(10 * DAY);
    const canceled = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(canceled.status).toBe('canceled');
    expect(canceled.cancellation_details?.reason).toBe('payment_failed');
    expect((canceled.latest_invoice as Stripe.Invoice).attempt_count).toBe(4);
  });

  it('recovers a past_due subscription with invoices.pay after a card change', async () => {
    const { customer, sub } = await trialingCustomer();
    await fetch(`${emulator.url}/_emulator/fail-next-payment`, { method: 'POST', body: new URLSearchParams({ customer: customer.id }) });
    await emulator.advanceClock(7 * DAY + 60);
    const pastDue = await stripe.subscriptions.retrieve(sub.id);
    expect(pastDue.status).toBe('past_due');
    const paid = await stripe.invoices.pay(pastDue.latest_invoice as string);
    expect(paid.status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });
});
