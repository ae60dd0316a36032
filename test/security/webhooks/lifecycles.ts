import type Stripe from 'stripe';
import { orgsRepo } from '../../../lambdas/adapters/orgs-repo';
import { stripe } from '../../../lambdas/adapters/stripe-client';
import { usersRepo } from '../../../lambdas/adapters/users-repo';
import { paymentSessionMetadata, applyPaymentMethodUpdate } from '../../../lambdas/billing/lib/update-payment-method';
import { createOrganization } from '../../../lambdas/orgs/lib/create-organization';
import type { StripeEmulator } from '../../../scripts/local/stripe-emulator/server';
import { payWithTestCard } from '../../../scripts/local/seed';
import { signedInUser, uniqueEmail } from '../../integration/helpers';

/** Stripe's test cards: good ones, and 0341, which can be saved but whose every charge fails. */
const CARDS = {
  visa: '4242424242424242', visaDebit: '4000056655665556', mastercard: '5555555555554444', amex: '378282246310005',
  failsCharges: '4000000000000341',
} as const;

const DAY = 86_400;

/** How each scripted customer's year goes. */
export type Plot =
  /** trial → active → card replaced by 0341 → renewal fails (past_due) → every retry fails → canceled. */
  | 'dunning'
  /** trial → active → 0341 → past_due → new card collects the invoice → active; auto-renew off, on, off. */
  | 'recovered'
  /** trial with auto-renew off, on, off and a card update → canceled when the trial ends. */
  | 'cancelAtTrialEnd'
  /** trial → active → auto-renew off and on → canceled at once. */
  | 'canceledNow'
  /** trial → active → two card updates → renewed for a second year. */
  | 'renewed';
const PLOTS: Plot[] = ['dunning', 'recovered', 'cancelAtTrialEnd', 'canceledNow', 'renewed'];

/** What the scripted year should leave in Stripe for each plot (checked before any delivery). */
export const EXPECTED: Record<Plot, { status: string; cancel_at_period_end: boolean; last4: string }> = {
  dunning: { status: 'canceled', cancel_at_period_end: false, last4: '0341' },
  recovered: { status: 'active', cancel_at_period_end: true, last4: '4444' },
  cancelAtTrialEnd: { status: 'canceled', cancel_at_period_end: true, last4: '5556' },
  canceledNow: { status: 'canceled', cancel_at_period_end: false, last4: '4242' },
  renewed: { status: 'active', cancel_at_period_end: false, last4: '0005' },
};
export const EXPECTED_ORG = { status: 'active', cancel_at_period_end: false, last4: '4242', quantity: 8 };

export interface Customer {
  plot: Plot | 'org';
  userId: string;
  orgId?: string;
  customerId: string;
  subscriptionId: string;
}

const returnUrls = {
  success_url: `${process.env.SITE_URL}/account?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${process.env.SITE_URL}/account`,
};

/** A Premium trial bought on the hosted checkout page, as the site's checkout makes it. */
async function premiumTrial(plot: Plot): Promise<Customer> {
  const u = await signedInUser(uniqueEmail(`wh-${plot}`));
  const s = await stripe();
  const customer = await s.customers.create({ email: u.email, metadata: { userId: u.userId } });
  const session = await s.checkout.sessions.create({
    mode: 'subscription', customer: customer.id, client_reference_id: u.userId,
    line_items: [{ price: process.env.STRIPE_PREMIUM_PRICE!, quantity: 1 }],
    subscription_data: { trial_period_days: 7, metadata: { userId: u.userId } }, ...returnUrls,
  });
  await payWithTestCard(session.url!, CARDS.visa);
  const done = await s.checkout.sessions.retrieve(session.id);
  return { plot, userId: u.userId, customerId: customer.id, subscriptionId: done.subscription as string };
}

/** An Enterprise subscription for 5 seats, made as operators make one (`npm run org:create`). */
async function enterpriseOrg(): Promise<Customer> {
  const org = await createOrganization({ name: 'Webhook Replay LLP', adminEmail: uniqueEmail('wh-org'), seats: 5, paymentMethod: 'pm_card_visa' });
  return { plot: 'org', userId: org.adminUserId, orgId: org.orgId, customerId: org.stripeCustomerId, subscriptionId: org.subscriptionId };
}

/** A card update as the account page does it: setup-mode Checkout, the hosted page, then the confirm call. */
async function updateCard(c: Customer, card: string): Promise<void> {
  const s = await stripe();
  const user = (await usersRepo.get(c.userId))!;
  const metadata = paymentSessionMetadata(
    c.orgId
      ? { type: 'organization', user, org: (await orgsRepo.getOrg(c.orgId))!, customerId: c.customerId, subscription: null }
      : { type: 'user', user, customerId: c.customerId, subscription: null },
  );
  const session = await s.checkout.sessions.create({
    mode: 'setup', customer: c.customerId, currency: 'usd', client_reference_id: c.userId, metadata, setup_intent_data: { metadata }, ...returnUrls,
  });
  await payWithTestCard(session.url!, card);
  await applyPaymentMethodUpdate(await s.checkout.sessions.retrieve(session.id));
}

async function autoRenew(c: Customer, ...offOnOff: boolean[]): Promise<void> {
  const s = await stripe();
  for (const off of offOnOff) await s.subscriptions.update(c.subscriptionId, { cancel_at_period_end: off });
}

async function changeSeats(c: Customer, seats: number): Promise<void> {
  const s = await stripe();
  const sub = await s.subscriptions.retrieve(c.subscriptionId);
  await s.subscriptions.update(c.subscriptionId, { items: [{ id: sub.items.data[0].id, quantity: seats }], proration_behavior: 'always_invoice' });
}

const each = async (cs: Customer[], plots: (Plot | 'org')[], act: (c: Customer) => Promise<void>) => {
  for (const c of cs) if (plots.includes(c.plot)) await act(c);
};

/** `perPlot` Premium trials of every plot, and one Enterprise organisation. */
export async function openAccounts(perPlot: number): Promise<Customer[]> {
  const cs: Customer[] = [await enterpriseOrg()];
  for (let i = 0; i < perPlot; i++) for (const plot of PLOTS) cs.push(await premiumTrial(plot));
  return cs;
}

/** Scripts the rest of a year of each customer's lifecycle on the emulator (its clock moves 384 days). */
export async function liveTheYear(emulator: StripeEmulator, cs: Customer[]): Promise<void> {
  // Day 0, in the trial.
  await each(cs, ['cancelAtTrialEnd'], async (c) => {
    await autoRenew(c, true, false, true);
    await updateCard(c, CARDS.visaDebit);
  });
  await each(cs, ['renewed'], (c) => updateCard(c, CARDS.mastercard));
  await each(cs, ['org'], async (c) => {
    await changeSeats(c, 8);
    await updateCard(c, CARDS.mastercard);
    await autoRenew(c, true, false);
  });

  await emulator.advanceClock(8 * DAY); // trials end: charged (active), or canceled as asked
  await each(cs, ['dunning', 'recovered', 'org'], (c) => updateCard(c, CARDS.failsCharges));
  await each(cs, ['canceledNow'], async (c) => {
    await autoRenew(c, true, false);
    await (await stripe()).subscriptions.cancel(c.subscriptionId);
  });
  await each(cs, ['renewed'], (c) => updateCard(c, CARDS.amex));

  await emulator.advanceClock(358 * DAY); // day 366: the org's renewal fails (past_due); a new card collects it
  await each(cs, ['org'], (c) => updateCard(c, CARDS.visa));

  await emulator.advanceClock(8 * DAY); // day 374: the users' renewals (0341 fails → past_due)
  await each(cs, ['recovered'], async (c) => {
    await updateCard(c, CARDS.mastercard);
    await autoRenew(c, true, false, true);
  });

  await emulator.advanceClock(10 * DAY); // day 384: three more failed retries cancel the dunning ones
}

/** What Stripe holds for a customer now: what the rows should mirror, and what deliveries must not change. */
export async function stripeStateOf(c: Customer) {
  const s = await stripe();
  const sub = await s.subscriptions.retrieve(c.subscriptionId, { expand: ['default_payment_method', 'latest_invoice'] });
  const customer = (await s.customers.retrieve(c.customerId)) as Stripe.Customer;
  const invoice = sub.latest_invoice as Stripe.Invoice;
  return {
    status: sub.status, cancel_at_period_end: sub.cancel_at_period_end, quantity: sub.items.data[0].quantity,
    last4: (sub.default_payment_method as Stripe.PaymentMethod | null)?.card?.last4,
    subscriptionCard: (sub.default_payment_method as Stripe.PaymentMethod | null)?.id,
    customerCard: customer.invoice_settings.default_payment_method,
    latestInvoice: { id: invoice.id, status: invoice.status, attempts: invoice.attempt_count },
  };
}

/** Every event the emulator holds, oldest first (the order Stripe created them in). */
export async function allEvents(): Promise<Stripe.Event[]> {
  const out: Stripe.Event[] = [];
  for await (const e of (await stripe()).events.list({ limit: 100 })) out.push(e);
  return out.reverse();
}
