import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { PRODUCT_NAME } from '#shared/domain/product-name';
import { readOutbox } from '../../scripts/local/outbox';
import { callApi } from '../../test/integration/helpers';
import { stripe } from '../adapters/stripe-client';
import { eventually, subscribe, subscribedUser } from '../../test/integration/billing-test-helpers';

/** Mails of one kind the local stack delivered to `to`. */
const mailsTo = async (to: string, kind: string) => (await readOutbox(process.env.OUTBOX_DIR!)).filter((m) => m.to === to && m.kind === kind);

/** Delivers `object` as a signed event of `type` to the local API, as Stripe would (a fresh id unless given). */
async function deliver(type: string, object: unknown, id = `evt_test_${randomUUID().slice(0, 12)}`) {
  const s = await stripe();
  const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const header = s.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
  const r = await callApi(routes.stripeWebhook, { rawBody: payload, headers: { 'stripe-signature': header } });
  expect(r).toEqual({ status: 200, body: { received: true } });
  return id;
}

/** A returning customer: trial cancelled, then Premium bought again and paid today. */
async function payingCustomer() {
  const u = await subscribedUser();
  await callApi(routes.cancelAccountSubscription, { token: u.accessToken, body: {} });
  const { account } = await subscribe(u);
  expect(account.subscription?.status).toBe('active');
  return { ...u, subscriptionId: account.subscription!.id };
}

describe('billing mails from Stripe webhooks (emulator → local API → outbox)', () => {
  it('sends the receipt of a paid invoice once, named after the product, even when the event comes again', async () => {
    const u = await payingCustomer();
    const [receipt] = await eventually(async () => {
      const m = await mailsTo(u.email, 'receipt');
      return m.length ? m : undefined;
    });
    expect(receipt!.subject).toBe(`Your ${PRODUCT_NAME} receipt`);
    expect(receipt!.text).toContain(`${PRODUCT_NAME} Premium: $12`);
    expect(receipt!.text).toMatch(/Your invoice: http:\/\/\S+\/invoices\/in_/);

    // Stripe delivers at least once, sometimes as a fresh event: no second receipt.
    const s = await stripe();
    const [invoice] = (await s.invoices.list({ subscription: u.subscriptionId, status: 'paid' })).data;
    const id = await deliver('invoice.paid', invoice);
    await deliver('invoice.paid', invoice, id);
    await deliver('invoice.paid', invoice);
    expect(await mailsTo(u.email, 'receipt')).toHaveLength(1);
  });

  it('sends no receipt for the $0 invoice that starts a trial', async () => {
    const u = await subscribedUser({ quick_trial: true });
    // The trial-ending notice of the same checkout shows its webhooks have come through.
    await eventually(async () => ((await mailsTo(u.email, 'trial-ending')).length ? true : undefined));
    const s = await stripe();
    const [invoice] = (await s.invoices.list({ subscription: u.account.subscription!.id })).data;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 0 });
    await deliver('invoice.paid', invoice);
    expect(await mailsTo(u.email, 'receipt')).toHaveLength(0);
  });

  it('sends the trial-ending notice (at once for a trial shorter than 3 days), once', async () => {
    const u = await subscribedUser({ quick_trial: true });
    const [notice] = await eventually(async () => {
      const m = await mailsTo(u.email, 'trial-ending');
      return m.length ? m : undefined;
    });
    expect(notice!.subject).toMatch(new RegExp(`^Your ${PRODUCT_NAME} trial ends on \\w+ \\d+, \\d{4}$`));
    expect(notice!.text).toContain('Then $12 is charged for the first year.');
    const sub = await (await stripe()).subscriptions.retrieve(u.account.subscription!.id);
    await deliver('customer.subscription.trial_will_end', sub);
    expect(await mailsTo(u.email, 'trial-ending')).toHaveLength(1);
  });

  it('sends the renewal reminder on invoice.upcoming once, and none when auto-renew is off', async () => {
    const u = await payingCustomer();
    const s = await stripe();
    const upcoming = await s.invoices.createPreview({ subscription: u.subscriptionId });
    const id = await deliver('invoice.upcoming', upcoming);
    await deliver('invoice.upcoming', upcoming, id);
    await deliver('invoice.upcoming', upcoming);
    const reminders = await mailsTo(u.email, 'renewal-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(new RegExp(`^Your ${PRODUCT_NAME} subscription renews on `));
    expect(reminders[0]!.text).toContain('for $12.');

    const other = await payingCustomer();
    await callApi(routes.updateAccountCancelAtPeriodEnd, { token: other.accessToken, body: { cancel_at_period_end: true } });
    await deliver('invoice.upcoming', await s.invoices.createPreview({ subscription: other.subscriptionId }) as Stripe.Invoice);
    expect(await mailsTo(other.email, 'renewal-reminder')).toHaveLength(0);
  });
});
