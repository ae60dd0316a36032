// /v1/charges (list, retrieve) and /v1/refunds. Charges are created by invoice payments
// (../billing.ts). `refunds` on a charge is "includable": pass expand=['refunds'] or
// ['data.refunds'], as with Stripe since 2022-11-15.

import type { EmulatorCore } from '../core';
import { invalidRequest, noSuch, noSuchParam } from '../errors';
import { newId } from '../ids';
import { createdFilter, newestFirst, paginate } from '../lists';
import { applyMetadata } from '../params';
import type { Router } from '../router';
import { REFUND_UNSET, unset, type Charge, type Refund } from '../types';
import { formatAmount } from '../billing';

function requireCharge(core: EmulatorCore, id: string): Charge {
  const charge = core.state.charges[id];
  if (!charge) throw noSuch('ch', id);
  return charge;
}

export function registerChargeRoutes(router: Router): void {
  router.get('/v1/charges', ({ core, params }) => {
    const customer = params.str('customer');
    const pi = params.str('payment_intent');
    const created = createdFilter(params);
    const items = newestFirst(core.state.charges).filter(
      (c) => (!customer || c.customer === customer) && (!pi || c.payment_intent === pi) && created(c.created),
    );
    return paginate(items, params, '/v1/charges');
  });

  router.get('/v1/charges/:id', ({ core, path }) => requireCharge(core, path.id));

  router.post('/v1/refunds', ({ core, params }) => {
    const chargeId = params.str('charge');
    const piId = params.str('payment_intent');
    if (!chargeId && !piId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
    let charge: Charge | undefined;
    if (chargeId) {
      charge = core.state.charges[chargeId];
      if (!charge) throw noSuchParam('ch', chargeId, 'charge');
    } else {
      const pi = core.state.paymentIntents[piId!];
      if (!pi) throw noSuchParam('pi', piId!, 'payment_intent');
      charge = pi.latest_charge ? core.state.charges[pi.latest_charge] : undefined;
      if (!charge || charge.status !== 'succeeded') {
        throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent');
      }
    }
    if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, 'charge');
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = params.int('amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null;
    const metadata = applyMetadata({}, params.metadata());
    params.accept('refund_application_fee', 'reverse_transfer', 'instructions_email');

    const now = core.now();
    const refund: Refund = {
      ...unset(REFUND_UNSET),
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: now,
      currency: charge.currency,
      destination_details: { card: { reference_status: 'available', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
      metadata,
      payment_intent: charge.payment_intent,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    core.state.refunds[refund.id] = refund;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    core.emit('refund.created', refund, undefined, now);
    core.emit('charge.refunded', charge, previous, now);
    core.markDirty();
    return refund;
  });

  router.get('/v1/refunds/:id', ({ core, path }) => {
    const refund = core.state.refunds[path.id];
    if (!refund) throw noSuch('re', path.id);
    return refund;
  });

  router.get('/v1/refunds', ({ core, params }) => {
    const charge = params.str('charge');
    const pi = params.str('payment_intent');
    const items = newestFirst(core.state.refunds).filter((r) => (!charge || r.charge === charge) && (!pi || r.payment_intent === pi));
    return paginate(items, params, '/v1/refunds');
  });
}
