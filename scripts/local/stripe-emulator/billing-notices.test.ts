// The notices Stripe sends ahead of time, as the emulator's clock moves: the trial-ending notice
// (`customer.subscription.trial_will_end`, 3 days before the trial ends, or at once for a shorter
// trial) and the renewal reminder (`invoice.upcoming`, 3 days before renewal); and the business
// name on receipts, hosted pages and card statements.

import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME, STATEMENT_DESCRIPTOR } from '#shared/domain/product-name';
import type { StripeEmulator } from './server';
import { buyPremium, DAY, startWithSdk, waitFor, WebhookReceiver } from './test-helpers';

let emulator: StripeEmulator;
let stripe: Stripe;
let hooks: WebhookReceiver;

beforeAll(async () => {
  hooks = await new WebhookReceiver().start();
  ({ emulator, stripe } = await startWithSdk({ webhookUrl: hooks.url, tickIntervalMs: 50 }));
});

afterAll(async () => {
  await emulator.close();
  await hooks.close();
});

const noticesOf = (type: 'customer.subscription.trial_will_end' | 'invoice.upcoming', subId: string) =>
  hooks.received
    .map((r) => r.event)
    .filter((e) => e.type === type)
    .filter((e) => {
      const o = e.data.object as { id?: string; subscription?: string; parent?: { subscription_details?: { subscription?: string } } };
      return type === 'invoice.upcoming' ? (o.parent?.subscription_details?.subscription ?? o.subscription) === subId : o.id === subId;
    });

describe('notices ahead of time', () => {
  it('sends trial_will_end 3 days before a 7-day trial ends, once', async () => {
    const subId = await buyPremium(stripe, 'seven@example.com', 7);
    const trialEnd = (await stripe.subscriptions.retrieve(subId)).trial_end!;
    await emulator.advanceClock(3 * DAY);
    await emulator.webhooksIdle();
    expect(noticesOf('customer.subscription.trial_will_end', subId)).toHaveLength(0);
    await emulator.advanceClock(1 * DAY + 60);
    await emulator.webhooksIdle();
    const [notice, ...more] = noticesOf('customer.subscription.trial_will_end', subId);
    expect(more).toHaveLength(0);
    expect(notice!.created).toBe(trialEnd - 3 * DAY);
    expect(notice!.data.object).toMatchObject({ id: subId, status: 'trialing', trial_end: trialEnd });
  });

  it('sends trial_will_end at once when the trial is shorter than 3 days', async () => {
    const subId = await buyPremium(stripe, 'one@example.com', 1);
    const [notice] = await waitFor(() => noticesOf('customer.subscription.trial_will_end', subId).length > 0 && noticesOf('customer.subscription.trial_will_end', subId));
    expect(notice!.data.object).toMatchObject({ id: subId, status: 'trialing' });
  });

  it('sends invoice.upcoming 3 days before a renewal, with the renewal amount, once per period', async () => {
    const subId = await buyPremium(stripe, 'renews@example.com', null);
    const renewal = (await stripe.subscriptions.retrieve(subId)).items.data[0]!.current_period_end;
    const untilNotice = renewal - 3 * DAY - emulator.now();
    await emulator.advanceClock(untilNotice - 60);
    await emulator.webhooksIdle();
    expect(noticesOf('invoice.upcoming', subId)).toHaveLength(0);
    await emulator.advanceClock(120);
    await emulator.webhooksIdle();
    const [upcoming, ...more] = noticesOf('invoice.upcoming', subId);
    expect(more).toHaveLength(0);
    expect(upcoming!.created).toBe(renewal - 3 * DAY);
    expect(upcoming!.data.object).toMatchObject({ object: 'invoice', amount_due: 1200, billing_reason: 'subscription_cycle' });
  });

  it('sends no invoice.upcoming when auto-renew is off', async () => {
    const subId = await buyPremium(stripe, 'ends@example.com', null);
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    const renewal = (await stripe.subscriptions.retrieve(subId)).items.data[0]!.current_period_end;
    await emulator.advanceClock(renewal - 2 * DAY - emulator.now());
    await emulator.webhooksIdle();
    expect(noticesOf('invoice.upcoming', subId)).toHaveLength(0);
  });
});

describe('the business name', () => {
  it('is PRODUCT_NAME on receipts and hosted pages, and STATEMENT_DESCRIPTOR on card statements', async () => {
    const subId = await buyPremium(stripe, 'named@example.com', null);
    const sub = await stripe.subscriptions.retrieve(subId);
    const [charge] = (await stripe.charges.list({ customer: sub.customer as string })).data;
    expect(charge!.calculated_statement_descriptor).toBe(STATEMENT_DESCRIPTOR);
    const receipt = await (await fetch(charge!.receipt_url!)).text();
    expect(receipt).toContain(`Receipt from ${PRODUCT_NAME}`);
    const [invoice] = (await stripe.invoices.list({ subscription: subId })).data;
    expect(invoice!.account_name).toBe(PRODUCT_NAME);
    expect(await (await fetch(invoice!.hosted_invoice_url!)).text()).toContain(PRODUCT_NAME);
  });
});
