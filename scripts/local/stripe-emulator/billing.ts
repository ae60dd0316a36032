// Subscription billing: creating subscriptions, invoicing them, charging the saved
// card, and the status changes that follow (trialing → active, active → past_due,
// canceled). Used by the API, the hosted checkout page and the clock.

import { PRODUCT_NAME, STATEMENT_DESCRIPTOR } from '#shared/domain/product-name';
import { addInterval, SECONDS } from './clock';
import { changedFields, type EmulatorCore } from './core';
import { newId, randomToken } from './ids';
import { localUrl } from './render';
import { chargeBehaviorForLast4 } from './test-cards';
import type {
  BillingReason,
  Charge,
  Customer,
  Invoice,
  InvoiceLineItem,
  InvoicePayment,
  Metadata,
  PaymentIntent,
  PaymentMethod,
  Price,
  Subscription,
  SubscriptionItem,
} from './types';
import {
  CHARGE_UNSET,
  INVOICE_UNSET,
  PAYMENT_INTENT_UNSET,
  SUBSCRIPTION_ITEM_UNSET,
  SUBSCRIPTION_UNSET,
  unset,
  type Plan,
} from './types';

/** Automatic collection attempts per renewal invoice before the subscription is canceled. */
const MAX_PAYMENT_ATTEMPTS = 4;
/** Delay between automatic retries of a failed renewal payment. */
const RETRY_INTERVAL = 3 * SECONDS.day;
/** An unpaid first invoice leaves the subscription `incomplete` for this long, then it expires. */
export const INCOMPLETE_EXPIRY = 23 * SECONDS.hour;

export function formatAmount(cents: number, currency = 'usd'): string {
  const symbol = currency === 'usd' ? '$' : `${currency.toUpperCase()} `;
  return `${cents < 0 ? '-' : ''}${symbol}${(Math.abs(cents) / 100).toFixed(2)}`;
}

export function productName(core: EmulatorCore, price: Price): string {
  return core.state.products[price.product]?.name ?? price.nickname ?? price.id;
}

function nextPeriodEnd(price: Price, from: number): number {
  const r = price.recurring;
  return r ? addInterval(from, r.interval, r.interval_count) : from;
}

/** The subscription an invoice bills (`parent.subscription_details.subscription` in this API version). */
export function subscriptionIdOf(invoice: Invoice): string | null {
  return invoice.parent?.subscription_details.subscription ?? null;
}

/** The invoice a charge paid, found through the invoice's payments (Charge has no `invoice` since 2025). */
export function invoiceIdOfCharge(core: EmulatorCore, chargeId: string): string | null {
  return Object.values(core.state.invoicePayments).find((p) => p.payment.charge === chargeId)?.invoice ?? null;
}

/** The card a subscription is charged with: its own default, else the customer's. */
export function paymentMethodFor(core: EmulatorCore, sub: Subscription): PaymentMethod | undefined {
  const customer = core.state.customers[sub.customer];
  const id = sub.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
  const pm = id ? core.state.paymentMethods[id] : undefined;
  return pm && pm.customer === sub.customer ? pm : undefined;
}

export interface NewSubscription {
  customer: Customer;
  items: { price: Price; quantity: number }[];
  /** Unix time the trial ends, or null for no trial. */
  trialEnd: number | null;
  metadata: Metadata;
  defaultPaymentMethod: string | null;
  description?: string | null;
  /** Billing by emailed invoice instead of charging the card (Stripe's `collection_method`). */
  sendInvoice?: { daysUntilDue: number };
  at: number;
}

function emptySubscription(id: string, customer: string, at: number): Subscription {
  return {
    ...unset(SUBSCRIPTION_UNSET),
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: at,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: at,
    currency: 'usd',
    customer,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    metadata: {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: at,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/** The Plan view of a recurring price, which Stripe still sends on subscription items. */
export function planOf(price: Price): Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'year',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: { ...price.metadata },
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: price.recurring?.trial_period_days ?? null,
    usage_type: 'licensed',
  };
}

export function makeSubscriptionItem(subId: string, price: Price, quantity: number, start: number, end: number): SubscriptionItem {
  return {
    ...unset(SUBSCRIPTION_ITEM_UNSET),
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: structuredClone(price),
    quantity,
    subscription: subId,
    tax_rates: [],
  };
}

/**
 * Creates a subscription and its first invoice. With a trial the invoice is $0 and
 * the subscription is `trialing`; otherwise the saved card is charged and the
 * subscription is `active`, or `incomplete` if the charge fails.
 */
export function createSubscription(core: EmulatorCore, input: NewSubscription): { subscription: Subscription; invoice: Invoice; paid: boolean } {
  const { at } = input;
  const sub = emptySubscription(newId('sub'), input.customer.id, at);
  const periodEnd = input.trialEnd ?? nextPeriodEnd(input.items[0].price, at);
  sub.items.data = input.items.map((i) => makeSubscriptionItem(sub.id, i.price, i.quantity, at, periodEnd));
  sub.currency = input.items[0].price.currency;
  sub.metadata = { ...input.metadata };
  sub.default_payment_method = input.defaultPaymentMethod;
  sub.description = input.description ?? null;
  if (input.sendInvoice) {
    sub.collection_method = 'send_invoice';
    sub.days_until_due = input.sendInvoice.daysUntilDue;
  }
  if (input.trialEnd !== null) {
    sub.status = 'trialing';
    sub.trial_start = at;
    sub.trial_end = input.trialEnd;
    sub.billing_cycle_anchor = input.trialEnd;
  }
  core.state.subscriptions[sub.id] = sub;
  core.emit('customer.subscription.created', sub, undefined, at);

  const invoice = createInvoice(core, sub, { reason: 'subscription_create', at, trial: input.trialEnd !== null });
  sub.latest_invoice = invoice.id;
  const paid = collect(core, sub, invoice, at, { offSession: false });

  if (input.trialEnd === null) {
    const before = structuredClone(sub);
    // An invoice sent for payment later does not hold the subscription back, as with Stripe.
    sub.status = paid || sub.collection_method === 'send_invoice' ? 'active' : 'incomplete';
    if (sub.status !== before.status) core.emit('customer.subscription.updated', sub, changedFields(before, sub), at);
  }
  core.markDirty();
  return { subscription: sub, invoice, paid };
}

/** A subscription item's invoice line, shaped as Stripe returns it. */
export function subscriptionLine(
  invoiceId: string,
  sub: Subscription,
  item: SubscriptionItem,
  line: { amount: number; quantity: number; description: string; proration: boolean; periodStart: number; unitAmountDecimal: string },
): InvoiceLineItem {
  const { price } = item;
  return {
    id: newId('il'),
    object: 'line_item',
    amount: line.amount,
    currency: price.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription: sub.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { end: item.current_period_end, start: line.periodStart },
    pretax_credit_amounts: [],
    pricing: { price_details: { price: price.id, product: price.product }, type: 'price_details', unit_amount_decimal: line.unitAmountDecimal },
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subscription: sub.id,
    subtotal: line.amount,
    taxes: [],
  };
}

function invoiceLine(core: EmulatorCore, invoiceId: string, sub: Subscription, item: SubscriptionItem, trial: boolean): InvoiceLineItem {
  const { price, quantity } = item;
  const name = productName(core, price);
  const per = price.recurring ? ` / ${price.recurring.interval_count > 1 ? `${price.recurring.interval_count} ` : ''}${price.recurring.interval}` : '';
  return subscriptionLine(invoiceId, sub, item, {
    amount: trial ? 0 : price.unit_amount * quantity,
    quantity,
    description: trial ? `Trial period for ${name}` : `${quantity} × ${name} (at ${formatAmount(price.unit_amount, price.currency)}${per})`,
    proration: false,
    periodStart: item.current_period_start,
    unitAmountDecimal: trial ? '0' : price.unit_amount_decimal,
  });
}

/** An invoice object for a subscription's current period, not yet stored. */
export function buildInvoice(
  core: EmulatorCore,
  sub: Subscription,
  opts: { reason: BillingReason; at: number; trial?: boolean; id?: string; lines?: (invoiceId: string) => InvoiceLineItem[] },
): Invoice {
  const customer = core.state.customers[sub.customer];
  const id = opts.id ?? newId('in');
  const lines = opts.lines ? opts.lines(id) : sub.items.data.map((item) => invoiceLine(core, id, sub, item, Boolean(opts.trial)));
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    ...unset(INVOICE_UNSET),
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: PRODUCT_NAME,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: opts.reason,
    collection_method: sub.collection_method,
    created: opts.at,
    currency: sub.currency,
    customer: sub.customer,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: sub.days_until_due === null ? null : opts.at + sub.days_until_due * SECONDS.day,
    effective_at: null,
    ending_balance: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: opts.at,
    period_start: opts.at,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/** Creates and finalizes an invoice for the subscription's current items and period. */
export function createInvoice(
  core: EmulatorCore,
  sub: Subscription,
  opts: { reason: BillingReason; at: number; trial?: boolean; lines?: (invoiceId: string) => InvoiceLineItem[] },
): Invoice {
  const invoice = buildInvoice(core, sub, opts);
  core.state.invoices[invoice.id] = invoice;
  core.emit('invoice.created', invoice, undefined, opts.at);

  // Finalize right away; Stripe waits about an hour for renewal drafts, which only delays tests.
  const customer = core.state.customers[sub.customer];
  if (customer) {
    invoice.number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
    customer.next_invoice_sequence += 1;
  }
  invoice.status = 'open';
  invoice.effective_at = opts.at;
  invoice.status_transitions.finalized_at = opts.at;
  invoice.hosted_invoice_url = localUrl(`/invoices/${invoice.id}`);
  invoice.webhooks_delivered_at = opts.at;
  core.emit('invoice.finalized', invoice, undefined, opts.at);
  core.markDirty();
  return invoice;
}

const OUTCOME_UNSET = ['advice_code', 'network_advice_code', 'network_decline_code'] as const;
const CARD_PAYMENT_UNSET = [
  'authorization_code', 'electronic_commerce_indicator', 'installments', 'mandate', 'network_transaction_id',
  'three_d_secure', 'transaction_link_id', 'wallet',
] as const;

type ChargeDecision = { ok: true } | { ok: false; code: string; declineCode: string; message: string };

function decideCharge(core: EmulatorCore, customerId: string, pm: PaymentMethod, offSession: boolean): ChargeDecision {
  // `POST /_emulator/fail-next-payment` arms failures for automatic (off-session) charges only.
  const armed = core.state.failNextPayment[customerId] ?? 0;
  if (offSession && armed > 0) {
    if (armed === 1) delete core.state.failNextPayment[customerId];
    else core.state.failNextPayment[customerId] = armed - 1;
    return { ok: false, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
  }
  if (chargeBehaviorForLast4(pm.card.last4) === 'decline_charges') {
    if (pm.card.last4 === '9995') {
      return { ok: false, code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    }
    return { ok: false, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
  }
  return { ok: true };
}

function chargeDescription(reason: BillingReason): string {
  switch (reason) {
    case 'subscription_create':
      return 'Subscription creation';
    case 'subscription_cycle':
    case 'subscription_update':
      return 'Subscription update';
    default:
      return 'Payment for Invoice';
  }
}

function makeCharge(core: EmulatorCore, invoice: Invoice, pm: PaymentMethod, pi: PaymentIntent, decision: ChargeDecision, at: number): Charge {
  const id = newId('ch');
  const customer = core.state.customers[invoice.customer];
  const ok = decision.ok;
  return {
    ...unset(CHARGE_UNSET),
    id,
    object: 'charge',
    amount: invoice.amount_due,
    amount_captured: ok ? invoice.amount_due : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: structuredClone(pm.billing_details),
    calculated_statement_descriptor: STATEMENT_DESCRIPTOR,
    captured: ok,
    created: at,
    currency: invoice.currency,
    customer: invoice.customer,
    description: chargeDescription(invoice.billing_reason),
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decision.ok ? null : decision.code,
    failure_message: decision.ok ? null : decision.message,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: decision.ok
      ? { ...unset(OUTCOME_UNSET), network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' }
      : {
          ...unset(OUTCOME_UNSET),
          network_status: 'declined_by_network',
          reason: decision.declineCode,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        },
    paid: ok,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      card: {
        ...unset(CARD_PAYMENT_UNSET),
        amount_authorized: ok ? invoice.amount_due : null,
        brand: pm.card.brand,
        checks: structuredClone(pm.card.checks),
        country: pm.card.country,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
        fingerprint: pm.card.fingerprint,
        funding: pm.card.funding,
        last4: pm.card.last4,
        network: pm.card.brand,
        regulated_status: 'unregulated',
      },
      type: 'card',
    },
    receipt_email: customer?.email ?? null,
    receipt_number: ok ? `${randomToken(4)}-${randomToken(4)}`.toUpperCase() : null,
    receipt_url: localUrl(`/receipts/${id}`),
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: ok ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}

/** The invoice's PaymentIntent, created on its first payment attempt and reused by retries. */
function paymentIntentFor(core: EmulatorCore, invoice: Invoice, pm: PaymentMethod, at: number): { pi: PaymentIntent; record: InvoicePayment } {
  const existing = Object.values(core.state.invoicePayments).find((p) => p.invoice === invoice.id);
  if (existing) return { pi: core.state.paymentIntents[existing.payment.payment_intent], record: existing };
  const pi: PaymentIntent = {
    ...unset(PAYMENT_INTENT_UNSET),
    id: newId('pi'),
    object: 'payment_intent',
    amount: invoice.amount_due,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: 'automatic',
    client_secret: '',
    confirmation_method: 'automatic',
    created: at,
    currency: invoice.currency,
    customer: invoice.customer,
    description: chargeDescription(invoice.billing_reason),
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    payment_method: pm.id,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
  };
  pi.client_secret = `${pi.id}_secret_${randomToken(24)}`;
  const record: InvoicePayment = {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: at,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: pi.id, charge: '' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
  core.state.paymentIntents[pi.id] = pi;
  core.state.invoicePayments[record.id] = record;
  return { pi, record };
}

function markPaid(core: EmulatorCore, invoice: Invoice, at: number): void {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = at;
  core.emit('invoice.paid', invoice, undefined, at);
  core.emit('invoice.payment_succeeded', invoice, undefined, at);
}

/**
 * Tries to collect an open invoice from the saved card. Returns whether it is now paid.
 * `offSession` marks automatic attempts (renewals, retries), the only ones that
 * `fail-next-payment` affects.
 */
export function payInvoice(core: EmulatorCore, invoice: Invoice, at: number, opts: { offSession: boolean }): boolean {
  if (invoice.status === 'paid') return true;
  if (invoice.amount_due === 0) {
    markPaid(core, invoice, at);
    return true;
  }
  const subId = subscriptionIdOf(invoice);
  const sub = subId ? core.state.subscriptions[subId] : undefined;
  const pm = sub ? paymentMethodFor(core, sub) : undefined;
  invoice.attempted = true;
  invoice.attempt_count += 1;
  // Only renewals charged automatically are retried; an unpaid first invoice just expires.
  const retries =
    invoice.collection_method === 'charge_automatically' &&
    invoice.billing_reason !== 'subscription_create' &&
    invoice.attempt_count < MAX_PAYMENT_ATTEMPTS;

  if (!pm) {
    invoice.next_payment_attempt = retries ? at + RETRY_INTERVAL : null;
    core.emit('invoice.payment_failed', invoice, undefined, at);
    core.markDirty();
    return false;
  }

  const decision = decideCharge(core, invoice.customer, pm, opts.offSession);
  const { pi, record } = paymentIntentFor(core, invoice, pm, at);
  const charge = makeCharge(core, invoice, pm, pi, decision, at);
  core.state.charges[charge.id] = charge;
  pi.latest_charge = charge.id;
  pi.payment_method = pm.id;
  record.payment.charge = charge.id;
  invoice.default_payment_method = null;

  if (decision.ok) {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.last_payment_error = null;
    record.status = 'paid';
    record.amount_paid = invoice.amount_due;
    record.status_transitions.paid_at = at;
    core.emit('charge.succeeded', charge, undefined, at);
    core.emit('payment_intent.succeeded', pi, undefined, at);
    markPaid(core, invoice, at);
    core.markDirty();
    return true;
  }

  pi.status = 'requires_payment_method';
  pi.last_payment_error = { code: decision.code, decline_code: decision.declineCode, message: decision.message, type: 'card_error' };
  invoice.next_payment_attempt = retries ? at + RETRY_INTERVAL : null;
  core.emit('charge.failed', charge, undefined, at);
  core.emit('payment_intent.payment_failed', pi, undefined, at);
  core.emit('invoice.payment_failed', invoice, undefined, at);
  core.markDirty();
  return false;
}

/**
 * Collects a new invoice the subscription's way: charges the card (`charge_automatically`), or
 * emails it to be paid by its due date (`send_invoice`; a $0 invoice is simply paid).
 * Returns whether it is paid now.
 */
function collect(core: EmulatorCore, sub: Subscription, invoice: Invoice, at: number, opts: { offSession: boolean }): boolean {
  if (sub.collection_method === 'charge_automatically' || invoice.amount_due === 0) return payInvoice(core, invoice, at, opts);
  core.emit('invoice.sent', invoice, undefined, at);
  return false;
}

/** Ends a subscription now (API cancel, period-end cancel, or failed payments). */
export function cancelSubscriptionNow(
  core: EmulatorCore,
  sub: Subscription,
  at: number,
  reason: 'cancellation_requested' | 'payment_failed' | 'payment_disputed',
): void {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
  sub.status = 'canceled';
  sub.canceled_at = sub.canceled_at ?? at;
  sub.ended_at = at;
  sub.cancellation_details.reason = reason;
  // No more automatic attempts on its unpaid invoices.
  for (const inv of Object.values(core.state.invoices)) {
    if (subscriptionIdOf(inv) === sub.id && inv.status === 'open') inv.next_payment_attempt = null;
  }
  core.emit('customer.subscription.deleted', sub, undefined, at);
  core.markDirty();
}

/** Starts the next billing period at `at`, invoices it and charges the card. */
function startNextPeriod(core: EmulatorCore, sub: Subscription, at: number): void {
  const before = structuredClone(sub);
  for (const item of sub.items.data) {
    item.current_period_start = at;
    item.current_period_end = nextPeriodEnd(item.price, at);
  }
  const invoice = createInvoice(core, sub, { reason: 'subscription_cycle', at });
  sub.latest_invoice = invoice.id;
  const paid = collect(core, sub, invoice, at, { offSession: true });
  // Overdue sent invoices are not followed up (see README, "Not emulated").
  sub.status = paid || sub.collection_method === 'send_invoice' ? 'active' : 'past_due';
  core.emit('customer.subscription.updated', sub, changedFields(before, sub), at);
  core.markDirty();
}

/** Trial over: cancel if that was requested, else start the first paid period. */
export function endTrial(core: EmulatorCore, sub: Subscription, at: number): void {
  if (sub.cancel_at_period_end) {
    cancelSubscriptionNow(core, sub, at, 'cancellation_requested');
    return;
  }
  startNextPeriod(core, sub, at);
}

/** Period over: cancel if that was requested, else renew. */
export function endPeriod(core: EmulatorCore, sub: Subscription, at: number): void {
  if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= at)) {
    cancelSubscriptionNow(core, sub, at, 'cancellation_requested');
    return;
  }
  startNextPeriod(core, sub, at);
}

/** An automatic retry of a failed renewal payment. */
export function retryInvoice(core: EmulatorCore, invoice: Invoice, at: number): void {
  const subId = subscriptionIdOf(invoice);
  const sub = subId ? core.state.subscriptions[subId] : undefined;
  const paid = payInvoice(core, invoice, at, { offSession: true });
  if (!sub) return;
  if (paid) {
    if (sub.status === 'past_due' || sub.status === 'unpaid' || sub.status === 'incomplete') {
      const before = structuredClone(sub);
      sub.status = 'active';
      core.emit('customer.subscription.updated', sub, changedFields(before, sub), at);
    }
  } else if (invoice.next_payment_attempt === null) {
    // All retries used: Stripe's default dunning setting cancels the subscription.
    cancelSubscriptionNow(core, sub, at, 'payment_failed');
  }
  core.markDirty();
}

/** The moment the subscription's current period (or trial) ends. */
export function periodEnd(sub: Subscription): number {
  return Math.min(...sub.items.data.map((i) => i.current_period_end));
}
