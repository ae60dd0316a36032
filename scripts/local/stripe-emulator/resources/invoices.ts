// /v1/invoices (list, retrieve, pay, lines, create_preview) and /v1/invoice_payments.

import { buildInvoice, invoiceIdOfCharge, payInvoice, subscriptionIdOf } from '../billing';
import { changedFields, type EmulatorCore } from '../core';
import { cardError, invalidRequest, noSuch, noSuchParam } from '../errors';
import { createdFilter, newestFirst, paginate } from '../lists';
import type { Router } from '../router';
import type { Invoice } from '../types';

function requireInvoice(core: EmulatorCore, id: string): Invoice {
  const invoice = core.state.invoices[id];
  if (!invoice) throw noSuch('in', id);
  return invoice;
}

export function registerInvoiceRoutes(router: Router): void {
  router.get('/v1/invoices', ({ core, params }) => {
    const customer = params.str('customer');
    const subscription = params.str('subscription');
    const status = params.str('status');
    const created = createdFilter(params);
    params.accept('collection_method');
    const items = newestFirst(core.state.invoices).filter(
      (inv) =>
        (!customer || inv.customer === customer) &&
        (!subscription || subscriptionIdOf(inv) === subscription) &&
        (!status || inv.status === status) &&
        created(inv.created),
    );
    return paginate(items, params, '/v1/invoices');
  });

  // Before `/v1/invoices/:id` would match "create_preview" as an id (literal routes win anyway).
  router.post('/v1/invoices/create_preview', ({ core, params }) => {
    const subId = params.str('subscription');
    const customerId = params.str('customer');
    params.accept('subscription_details', 'automatic_tax');
    if (!subId) throw invalidRequest('The local Stripe emulator previews invoices of existing subscriptions only: pass `subscription`.', 'subscription');
    const sub = core.state.subscriptions[subId];
    if (!sub) throw noSuchParam('sub', subId, 'subscription');
    if (customerId && customerId !== sub.customer) throw invalidRequest('The subscription does not belong to this customer.', 'customer');
    const at = Math.min(...sub.items.data.map((i) => i.current_period_end));
    const preview = buildInvoice(core, sub, { reason: 'subscription_cycle', at, id: `upcoming_${sub.id}` });
    return preview;
  });

  router.get('/v1/invoices/:id', ({ core, path }) => requireInvoice(core, path.id));

  router.get('/v1/invoices/:id/lines', ({ core, params, path }) => {
    const invoice = requireInvoice(core, path.id);
    return paginate(invoice.lines.data, params, `/v1/invoices/${invoice.id}/lines`);
  });

  /** Collects an open invoice now from the saved card (e.g. after the customer updated it). */
  router.post('/v1/invoices/:id/pay', ({ core, params, path }) => {
    const invoice = requireInvoice(core, path.id);
    params.accept('off_session', 'payment_method', 'paid_out_of_band');
    if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open') throw invalidRequest(`You can only pay an invoice that is open. This invoice is ${invoice.status}.`, undefined, 'invoice_not_open');
    const now = core.now();
    const paid = payInvoice(core, invoice, now, { offSession: false });
    const subId = subscriptionIdOf(invoice);
    const sub = subId ? core.state.subscriptions[subId] : undefined;
    if (paid && sub && (sub.status === 'past_due' || sub.status === 'incomplete' || sub.status === 'unpaid')) {
      const before = structuredClone(sub);
      sub.status = 'active';
      core.emit('customer.subscription.updated', sub, changedFields(before, sub), now);
    }
    core.markDirty();
    if (!paid) {
      const charge = Object.values(core.state.charges).filter((c) => invoiceIdOfCharge(core, c.id) === invoice.id).pop();
      throw cardError(charge?.failure_message ?? 'This invoice has no payment method to charge.', charge?.failure_code ?? 'invoice_no_payment_method_types');
    }
    return invoice;
  });

  router.get('/v1/invoice_payments', ({ core, params }) => {
    const invoice = params.str('invoice');
    const payment = params.obj('payment');
    const pi = payment?.str('payment_intent');
    payment?.accept('type');
    const items = newestFirst(core.state.invoicePayments).filter(
      (p) => (!invoice || p.invoice === invoice) && (!pi || p.payment.payment_intent === pi),
    );
    return paginate(items, params, '/v1/invoice_payments');
  });

  router.get('/v1/invoice_payments/:id', ({ core, path }) => {
    const record = core.state.invoicePayments[path.id];
    if (!record) throw noSuch('inpay', path.id);
    return record;
  });
}
