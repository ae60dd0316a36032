// /v1/subscriptions: create, retrieve, update, cancel, list.
// In this API version the billing period lives on each item
// (`items.data[i].current_period_start/end`), not on the subscription.

import {
  cancelSubscriptionNow,
  createInvoice,
  createSubscription,
  endTrial,
  formatAmount,
  makeSubscriptionItem,
  payInvoice,
  paymentMethodFor,
  periodEnd,
  planOf,
  productName,
  subscriptionLine,
} from '../billing';
import { SECONDS } from '../clock';
import { changedFields, type EmulatorCore } from '../core';
import { cardError, invalidRequest, noSuch, noSuchParam } from '../errors';
import { createdFilter, newestFirst, paginate } from '../lists';
import { applyMetadata, type Params } from '../params';
import type { Router } from '../router';
import { chargeBehaviorForLast4 } from '../test-cards';
import type { InvoiceLineItem, Price, Subscription, SubscriptionItem } from '../types';
import { assertAttached, requireCustomer } from './customers';

const ENDED = new Set(['canceled', 'incomplete_expired']);

function requireSubscription(core: EmulatorCore, id: string): Subscription {
  const sub = core.state.subscriptions[id];
  if (!sub) throw noSuch('sub', id);
  return sub;
}

function requirePrice(core: EmulatorCore, id: string, param: string): Price {
  const price = core.state.prices[id];
  if (!price) throw noSuchParam('price', id, param);
  if (!price.recurring) throw invalidRequest('The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', param);
  return price;
}

/** `trial_end` may be a timestamp or the string `now`. */
function readTrialEnd(p: Params, now: number): number | 'now' | undefined {
  const raw = p.str('trial_end');
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'now') return 'now';
  if (!/^\d+$/.test(raw)) throw invalidRequest(`Invalid timestamp: must be an integer Unix timestamp in the future or 'now'.`, 'trial_end');
  const ts = Number(raw);
  if (ts <= now) throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
  return ts;
}

/** A prorated charge for added seats, billed at once (`proration_behavior=always_invoice`). */
function prorationLines(core: EmulatorCore, sub: Subscription, item: SubscriptionItem, addedQty: number, now: number) {
  return (invoiceId: string): InvoiceLineItem[] => {
    const { price } = item;
    const span = item.current_period_end - item.current_period_start;
    const remaining = Math.max(0, item.current_period_end - now);
    const amount = span > 0 ? Math.round((price.unit_amount * addedQty * remaining) / span) : 0;
    const date = new Date(now * 1000).toISOString().slice(0, 10);
    return [
      subscriptionLine(invoiceId, sub, item, {
        amount,
        quantity: addedQty,
        description: `Remaining time on ${addedQty} × ${productName(core, price)} after ${date}`,
        proration: true,
        periodStart: now,
        unitAmountDecimal: price.unit_amount_decimal,
      }),
    ];
  };
}

export function registerSubscriptionRoutes(router: Router): void {
  router.post('/v1/subscriptions', ({ core, params }) => {
    const now = core.now();
    const customer = requireCustomer(core, params.str('customer', { required: true }), 'customer');
    const rawItems = params.objList('items');
    if (!rawItems || rawItems.length === 0) throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
    const items = rawItems.map((it, i) => ({
      price: requirePrice(core, it.str('price', { required: true }), `items[${i}][price]`),
      quantity: it.int('quantity', { min: 1 }) ?? 1,
      metadata: applyMetadata({}, it.metadata()),
    }));
    const trialDays = params.int('trial_period_days', { min: 0, max: 730 });
    const trialEndParam = readTrialEnd(params, now);
    let trialEnd: number | null = null;
    if (trialEndParam !== undefined && trialEndParam !== 'now') trialEnd = trialEndParam;
    else if (trialDays) trialEnd = now + trialDays * SECONDS.day;
    else if (params.bool('trial_from_plan') && items[0].price.recurring?.trial_period_days) {
      trialEnd = now + items[0].price.recurring.trial_period_days * SECONDS.day;
    }
    const defaultPm = params.str('default_payment_method') || null;
    if (defaultPm) assertAttached(core, customer, defaultPm, 'default_payment_method');
    const behavior = params.oneOf('payment_behavior', ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const) ?? 'allow_incomplete';
    params.accept('proration_behavior', 'off_session', 'payment_settings', 'automatic_tax', 'billing_cycle_anchor', 'default_tax_rates');
    const collection = params.oneOf('collection_method', ['charge_automatically', 'send_invoice'] as const) ?? 'charge_automatically';
    const daysUntilDue = params.int('days_until_due', { min: 0, max: 730 });
    if (collection === 'send_invoice' && daysUntilDue === undefined) {
      throw invalidRequest('Missing required param: days_until_due (required when collection_method is send_invoice).', 'days_until_due', 'parameter_missing');
    }
    if (collection === 'charge_automatically' && daysUntilDue !== undefined) {
      throw invalidRequest('days_until_due can only be set when collection_method is send_invoice.', 'days_until_due');
    }

    // Charging automatically needs a card now, unless a trial or default_incomplete defers it.
    if (trialEnd === null && collection === 'charge_automatically') {
      const pmId = defaultPm ?? customer.invoice_settings.default_payment_method;
      const pm = pmId ? core.state.paymentMethods[pmId] : undefined;
      if (!pm && behavior !== 'default_incomplete') {
        throw invalidRequest(
          'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
          undefined,
          'resource_missing',
        );
      }
      if (pm && behavior === 'error_if_incomplete' && chargeBehaviorForLast4(pm.card.last4) === 'decline_charges') {
        throw cardError('Your card was declined.', 'card_declined', 'generic_decline');
      }
    }

    const { subscription } = createSubscription(core, {
      customer,
      items: items.map(({ price, quantity }) => ({ price, quantity })),
      trialEnd,
      metadata: applyMetadata({}, params.metadata()),
      description: params.nullableStr('description') ?? null,
      defaultPaymentMethod: defaultPm,
      ...(daysUntilDue !== undefined && collection === 'send_invoice' ? { sendInvoice: { daysUntilDue } } : {}),
      at: now,
    });
    subscription.items.data.forEach((item, i) => (item.metadata = items[i].metadata));
    if (params.bool('cancel_at_period_end')) {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = periodEnd(subscription);
      subscription.canceled_at = now;
    }
    return subscription;
  });

  router.get('/v1/subscriptions/:id', ({ core, path }) => requireSubscription(core, path.id));

  router.post('/v1/subscriptions/:id', ({ core, params, path }) => {
    const sub = requireSubscription(core, path.id);
    const now = core.now();
    const customer = core.state.customers[sub.customer];
    const metadata = params.metadata();
    const cancellation = params.obj('cancellation_details');
    const comment = cancellation?.nullableStr('comment');
    const feedback = cancellation?.nullableStr('feedback');

    if (ENDED.has(sub.status)) {
      const allowed = new Set(['metadata', 'cancellation_details', 'expand']);
      const other = params.unused().filter((k) => !allowed.has(k));
      if (other.length > 0) {
        throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', other[0]);
      }
    }

    const cancelAtPeriodEnd = params.bool('cancel_at_period_end');
    const cancelAtRaw = params.str('cancel_at');
    const cancelAt = cancelAtRaw === undefined ? undefined : cancelAtRaw === '' ? null : Number(cancelAtRaw);
    if (cancelAt !== undefined && cancelAt !== null && (!Number.isInteger(cancelAt) || cancelAt <= now)) {
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'cancel_at');
    }
    const defaultPmRaw = params.str('default_payment_method');
    const defaultPm = defaultPmRaw === undefined ? undefined : defaultPmRaw || null;
    if (defaultPm && customer) assertAttached(core, customer, defaultPm, 'default_payment_method');
    const trialEnd = readTrialEnd(params, now);
    if (trialEnd !== undefined && sub.status !== 'trialing' && trialEnd === 'now') {
      throw invalidRequest('The subscription is not in a trial period.', 'trial_end');
    }
    const proration = params.oneOf('proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const) ?? 'create_prorations';
    params.accept('payment_behavior', 'off_session', 'billing_cycle_anchor', 'payment_settings', 'collection_method', 'proration_date', 'automatic_tax');
    const description = params.nullableStr('description');

    // items[i]: with `id` updates that item; without, updates the item with the same price
    // (or the only item) — lenient, as product code usually sends just `items[0][quantity]`.
    const itemChanges = (params.objList('items') ?? []).map((it, i) => {
      const id = it.str('id');
      const priceId = it.str('price');
      const price = priceId ? requirePrice(core, priceId, `items[${i}][price]`) : undefined;
      const quantity = it.int('quantity', { min: 0 });
      const deleted = it.bool('deleted') ?? false;
      let target: SubscriptionItem | undefined;
      if (id) {
        target = sub.items.data.find((x) => x.id === id);
        if (!target) throw invalidRequest(`Invalid subscription_item id: ${id}`, `items[${i}][id]`);
      } else if (!price || sub.items.data.some((x) => x.price.id === price.id)) {
        target = price ? sub.items.data.find((x) => x.price.id === price.id) : sub.items.data.length === 1 ? sub.items.data[0] : undefined;
        if (!target) throw invalidRequest('Specify `items[][id]` when a subscription has several items.', `items[${i}][id]`);
      }
      if (!target && !price) throw invalidRequest(`Missing required param: items[${i}][price].`, `items[${i}][price]`, 'parameter_missing');
      return { target, price, quantity, deleted, metadata: it.metadata() };
    });

    const removed = itemChanges.filter((c) => c.deleted && c.target).length;
    if (removed > 0 && removed >= sub.items.data.length && !itemChanges.some((c) => !c.target && c.price)) {
      throw invalidRequest('A subscription must have at least one active plan. To cancel a subscription, please use the cancel API endpoint.', 'items');
    }

    // Everything validated: apply.
    const before = structuredClone(sub);
    sub.metadata = applyMetadata(sub.metadata, metadata);
    if (comment !== undefined) sub.cancellation_details.comment = comment;
    if (feedback !== undefined) sub.cancellation_details.feedback = feedback;
    if (description !== undefined) sub.description = description;
    if (defaultPm !== undefined) sub.default_payment_method = defaultPm;

    const prorations: { item: SubscriptionItem; added: number }[] = [];
    for (const change of itemChanges) {
      if (change.target) {
        const item = change.target;
        if (change.deleted) {
          sub.items.data = sub.items.data.filter((x) => x !== item);
          continue;
        }
        if (change.price && change.price.id !== item.price.id) {
          item.price = structuredClone(change.price);
          item.plan = planOf(change.price);
        }
        if (change.quantity !== undefined) {
          if (change.quantity > item.quantity) prorations.push({ item, added: change.quantity - item.quantity });
          item.quantity = change.quantity;
        }
        item.metadata = applyMetadata(item.metadata, change.metadata);
      } else if (change.price) {
        const first = sub.items.data[0];
        const start = first?.current_period_start ?? now;
        const end = first?.current_period_end ?? now;
        const item = makeSubscriptionItem(sub.id, change.price, change.quantity ?? 1, start, end);
        item.metadata = applyMetadata({}, change.metadata);
        sub.items.data.push(item);
      }
    }

    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd;
      // Stripe records when cancellation was requested and when it will take effect.
      sub.cancel_at = cancelAtPeriodEnd ? periodEnd(sub) : null;
      sub.canceled_at = cancelAtPeriodEnd ? now : null;
      sub.cancellation_details.reason = cancelAtPeriodEnd ? 'cancellation_requested' : null;
    }
    if (cancelAt !== undefined) {
      sub.cancel_at = cancelAt;
      sub.cancel_at_period_end = cancelAt !== null && cancelAt === periodEnd(sub);
      sub.canceled_at = cancelAt === null ? null : now;
    }
    if (typeof trialEnd === 'number') {
      sub.trial_end = trialEnd;
      sub.trial_start = sub.trial_start ?? now;
      sub.status = 'trialing';
      for (const item of sub.items.data) item.current_period_end = trialEnd;
      if (sub.cancel_at_period_end) sub.cancel_at = trialEnd;
    }

    const changed = changedFields(before, sub);
    if (Object.keys(changed).length > 0) core.emit('customer.subscription.updated', sub, changed, now);

    if (trialEnd === 'now') {
      sub.trial_end = now;
      endTrial(core, sub, now);
    } else if (proration === 'always_invoice' && prorations.length > 0 && (sub.status === 'active' || sub.status === 'past_due')) {
      for (const { item, added } of prorations) {
        const invoice = createInvoice(core, sub, { reason: 'subscription_update', at: now, lines: prorationLines(core, sub, item, added, now) });
        sub.latest_invoice = invoice.id;
        if (!payInvoice(core, invoice, now, { offSession: false })) {
          const pm = paymentMethodFor(core, sub);
          core.log(`proration invoice ${invoice.id} (${formatAmount(invoice.amount_due)}) was not paid${pm ? '' : ': no payment method'}`);
        }
      }
    }
    core.markDirty();
    return sub;
  });

  router.delete('/v1/subscriptions/:id', ({ core, params, path }) => {
    const sub = requireSubscription(core, path.id);
    // Stripe treats an ended subscription as deleted here (it stays retrievable): 404, not a replay.
    if (ENDED.has(sub.status)) throw noSuch('sub', sub.id);
    const details = params.obj('cancellation_details');
    const comment = details?.nullableStr('comment');
    const feedback = details?.nullableStr('feedback');
    params.accept('invoice_now', 'prorate');
    if (comment !== undefined) sub.cancellation_details.comment = comment;
    if (feedback !== undefined) sub.cancellation_details.feedback = feedback;
    // An immediate cancel happens now, whatever was scheduled before.
    sub.canceled_at = null;
    cancelSubscriptionNow(core, sub, core.now(), 'cancellation_requested');
    return sub;
  });

  router.get('/v1/subscriptions', ({ core, params }) => {
    const customer = params.str('customer');
    const price = params.str('price');
    const status = params.str('status');
    const created = createdFilter(params);
    const statusOk = (s: Subscription): boolean => {
      if (status === 'all') return true;
      if (status === 'ended') return ENDED.has(s.status);
      if (status) return s.status === status;
      return !ENDED.has(s.status);
    };
    const items = newestFirst(core.state.subscriptions).filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (!price || s.items.data.some((i) => i.price.id === price)) &&
        statusOk(s) &&
        created(s.created),
    );
    return paginate(items, params, '/v1/subscriptions');
  });
}
