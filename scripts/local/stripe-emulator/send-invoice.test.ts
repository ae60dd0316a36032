// Subscriptions billed by invoice (`collection_method: 'send_invoice'`), as an organisation without
// a card is: Stripe creates them without a payment method, emails an open invoice due in
// `days_until_due` days, and never charges a card by itself.

import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEmulator } from './server';
import { DAY, startWithSdk, waitFor, WebhookReceiver } from './test-helpers';

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

describe('a subscription billed by invoice', () => {
  it('is created without a payment method; its first invoice is open, sent and due in days_until_due', async () => {
    const customer = await stripe.customers.create({ email: 'billing@acme.example', name: 'Acme' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_enterprise_seat_yearly', quantity: 5 }],
      collection_method: 'send_invoice',
      days_until_due: 30,
      expand: ['latest_invoice'],
    });

    expect(sub).toMatchObject({ status: 'active', collection_method: 'send_invoice', days_until_due: 30, default_payment_method: null });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      amount_due: 6000,
      amount_paid: 0,
      attempted: false,
      due_date: invoice.created + 30 * DAY,
      next_payment_attempt: null,
    });
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(0);
    await waitFor(() => hooks.ofType('invoice.sent').some((e) => e.data.object.id === invoice.id));
    expect(hooks.ofType('invoice.payment_failed').filter((e) => e.data.object.id === invoice.id)).toHaveLength(0);
  });

  it('asks for days_until_due, as Stripe does', async () => {
    const customer = await stripe.customers.create({ email: 'nodays@acme.example' });
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_enterprise_seat_yearly' }], collection_method: 'send_invoice' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'days_until_due' });
  });

  it('renews with another open invoice, without charging the card on file', async () => {
    const customer = await stripe.customers.create({ email: 'renew@acme.example' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_enterprise_seat_yearly', quantity: 2 }],
      collection_method: 'send_invoice',
      days_until_due: 14,
    });
    const first = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(first.status).toBe('open');
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(0);

    // The customer pays the emailed invoice; then a year passes.
    expect((await stripe.invoices.pay(first.id)).status).toBe('paid');
    await emulator.advanceClock(sub.items.data[0].current_period_end - emulator.now() + 60);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('active');
    const renewal = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'open', collection_method: 'send_invoice' });
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(1);
  });
});
