// What happens when a buyer submits the hosted checkout page with a card that works:
// the card is saved on the customer, the subscription (or setup intent) is created,
// the session is completed and the webhooks go out. A declined card changes nothing.

import { SECONDS } from './clock';
import { changedFields, type EmulatorCore } from './core';
import { createSubscription } from './billing';
import { attachPaymentMethod, makeCardPaymentMethod } from './resources/payment-methods';
import { makeCustomer } from './resources/customers';
import { lookupTestCard } from './test-cards';
import type { CheckoutSession, Customer } from './types';

export interface CardForm {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
  email?: string;
}

export type CompletionResult = { ok: true; redirectUrl: string | null } | { ok: false; message: string };

export function completeCheckoutSession(core: EmulatorCore, session: CheckoutSession, form: CardForm): CompletionResult {
  const found = lookupTestCard(form.number);
  if (!found.ok) return { ok: false, message: found.message };
  if (found.card.decline) return { ok: false, message: found.card.decline.message };

  const at = core.now();
  const settings = core.state.checkoutSettings[session.id];
  const trialEnd =
    session.mode !== 'subscription'
      ? null
      : (settings?.trialEnd ?? (settings?.trialPeriodDays ? at + settings.trialPeriodDays * SECONDS.day : null));
  // Cards like 4000 0000 0000 0341 can be saved but not charged: that only matters when money is due now.
  if (session.mode === 'subscription' && trialEnd === null && found.card.charges === 'decline_charges') {
    return { ok: false, message: 'Your card was declined.' };
  }

  // From here on the payment succeeds; every state change happens below.
  let customer: Customer;
  if (session.customer) {
    customer = core.state.customers[session.customer];
  } else {
    customer = makeCustomer(core, { email: session.customer_email ?? form.email ?? null, name: form.name, at });
    core.state.customers[customer.id] = customer;
    core.emit('customer.created', customer, undefined, at);
  }

  const pm = makeCardPaymentMethod(core, {
    number: found.number,
    expMonth: form.expMonth,
    expYear: form.expYear,
    name: form.name,
    email: customer.email,
    at,
  });
  attachPaymentMethod(core, pm, customer.id);

  if (session.mode === 'subscription') {
    // Stripe sets the subscription's default card; the customer's default is set too so that
    // customer-level reads (and future subscriptions) see the card the buyer just entered.
    const before = structuredClone(customer);
    customer.invoice_settings.default_payment_method = pm.id;
    core.emit('customer.updated', customer, changedFields(before, customer), at);

    const items = (core.state.checkoutLineItems[session.id] ?? []).map((li) => ({
      price: core.state.prices[li.price.id] ?? li.price,
      quantity: li.quantity,
    }));
    const { subscription, invoice } = createSubscription(core, {
      customer,
      items,
      trialEnd,
      metadata: settings?.subscriptionMetadata ?? {},
      description: settings?.subscriptionDescription ?? null,
      defaultPaymentMethod: pm.id,
      at,
    });
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.payment_status = trialEnd === null ? 'paid' : 'no_payment_required';
  } else {
    // Setup mode only saves the card, as in Stripe: making it the default is the integration's job.
    const si = session.setup_intent ? core.state.setupIntents[session.setup_intent] : undefined;
    if (si) {
      si.status = 'succeeded';
      si.payment_method = pm.id;
      si.customer = customer.id;
      core.emit('setup_intent.succeeded', si, undefined, at);
    }
    session.payment_status = 'no_payment_required';
  }

  session.status = 'complete';
  session.url = null;
  session.customer = customer.id;
  session.customer_details = {
    address: null,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: form.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  core.emit('checkout.session.completed', session, undefined, at);
  core.markDirty();

  const redirectUrl = session.success_url ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : null;
  return { ok: true, redirectUrl };
}
