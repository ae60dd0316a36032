// /v1/payment_methods: cards only. Cards come from the hosted checkout page, or
// from Stripe's test shortcuts (`pm_card_visa`, `tok_mastercard`, ...) via the API.

import type { EmulatorCore } from '../core';
import { invalidRequest, noSuch, noSuchParam } from '../errors';
import { newId } from '../ids';
import { newestFirst, paginate } from '../lists';
import { applyMetadata, type Params } from '../params';
import type { Router } from '../router';
import { cardNumberForToken, lookupTestCard } from '../test-cards';
import type { PaymentMethod } from '../types';

export interface NewCard {
  number: string;
  expMonth: number;
  expYear: number;
  name?: string | null;
  email?: string | null;
  postalCode?: string | null;
  at?: number;
}

export function makeCardPaymentMethod(core: EmulatorCore, card: NewCard): PaymentMethod {
  const found = lookupTestCard(card.number);
  if (!found.ok) throw invalidRequest(found.message, 'card[number]', found.code);
  const pm: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: 'US', line1: null, line2: null, postal_code: card.postalCode ?? null, state: null },
      email: card.email ?? null,
      name: card.name ?? null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: found.card.brand,
      display_brand: found.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      exp_month: card.expMonth,
      exp_year: card.expYear,
      // Same number → same fingerprint, as with Stripe (lets code detect duplicate cards).
      fingerprint: Buffer.from(found.number).toString('base64url').slice(0, 16),
      funding: found.card.funding,
      generated_from: null,
      last4: found.number.slice(-4),
      networks: { available: [found.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: card.at ?? core.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  core.state.paymentMethods[pm.id] = pm;
  core.markDirty();
  return pm;
}

/** Resolves a payment method id; Stripe's test shortcuts (`pm_card_visa`) create a fresh card. */
export function requirePaymentMethod(core: EmulatorCore, id: string, param?: string): PaymentMethod {
  const existing = core.state.paymentMethods[id];
  if (existing) return existing;
  const number = cardNumberForToken(id);
  if (number) {
    const year = new Date(core.now() * 1000).getUTCFullYear() + 3;
    return makeCardPaymentMethod(core, { number, expMonth: 12, expYear: year });
  }
  throw param ? noSuchParam('pm', id, param) : noSuch('pm', id);
}

export function attachPaymentMethod(core: EmulatorCore, pm: PaymentMethod, customerId: string): void {
  const customer = core.state.customers[customerId];
  if (!customer || customer.deleted) throw noSuchParam('cus', customerId, 'customer');
  if (pm.customer === customerId) return;
  if (pm.customer) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', undefined, 'payment_method_unexpected_state');
  }
  pm.customer = customerId;
  core.emit('payment_method.attached', pm);
}

function detachPaymentMethod(core: EmulatorCore, pm: PaymentMethod): void {
  if (!pm.customer) {
    throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', undefined, 'payment_method_unexpected_state');
  }
  const customer = core.state.customers[pm.customer];
  // A detached card can no longer be anyone's default.
  if (customer && customer.invoice_settings.default_payment_method === pm.id) customer.invoice_settings.default_payment_method = null;
  for (const sub of Object.values(core.state.subscriptions)) {
    if (sub.default_payment_method === pm.id) sub.default_payment_method = null;
  }
  pm.customer = null;
  core.emit('payment_method.detached', pm, { customer: customer?.id ?? null });
}

function applyBillingDetails(pm: PaymentMethod, p: Params): void {
  const bd = p.obj('billing_details');
  if (!bd) return;
  const name = bd.nullableStr('name');
  if (name !== undefined) pm.billing_details.name = name;
  const email = bd.nullableStr('email');
  if (email !== undefined) pm.billing_details.email = email;
  const postal = bd.obj('address')?.nullableStr('postal_code');
  if (postal !== undefined) pm.billing_details.address.postal_code = postal;
}

export function registerPaymentMethodRoutes(router: Router): void {
  router.post('/v1/payment_methods', ({ core, params }) => {
    params.oneOf('type', ['card'] as const, { required: true });
    const card = params.obj('card');
    if (!card) throw invalidRequest('Missing required param: card.', 'card', 'parameter_missing');
    const token = card.str('token');
    let pm: PaymentMethod;
    if (token) {
      const number = cardNumberForToken(token);
      if (!number) throw noSuchParam('token', token, 'card[token]');
      pm = requirePaymentMethod(core, `pm_card_${token.replace(/^tok_/, '')}`);
    } else {
      const number = card.str('number', { required: true });
      pm = makeCardPaymentMethod(core, {
        number,
        expMonth: card.int('exp_month', { required: true, min: 1, max: 12 })!,
        expYear: card.int('exp_year', { required: true })!,
      });
      card.str('cvc');
    }
    applyBillingDetails(pm, params);
    pm.metadata = applyMetadata(pm.metadata, params.metadata());
    return pm;
  });

  router.get('/v1/payment_methods/:id', ({ core, path }) => {
    const pm = core.state.paymentMethods[path.id];
    if (!pm) throw noSuch('pm', path.id);
    return pm;
  });

  router.post('/v1/payment_methods/:id', ({ core, params, path }) => {
    const pm = core.state.paymentMethods[path.id];
    if (!pm) throw noSuch('pm', path.id);
    applyBillingDetails(pm, params);
    pm.metadata = applyMetadata(pm.metadata, params.metadata());
    core.emit('payment_method.updated', pm);
    return pm;
  });

  router.post('/v1/payment_methods/:id/attach', ({ core, params, path }) => {
    const pm = requirePaymentMethod(core, path.id);
    attachPaymentMethod(core, pm, params.str('customer', { required: true }));
    return pm;
  });

  router.post('/v1/payment_methods/:id/detach', ({ core, path }) => {
    const pm = core.state.paymentMethods[path.id];
    if (!pm) throw noSuch('pm', path.id);
    detachPaymentMethod(core, pm);
    return pm;
  });

  router.get('/v1/payment_methods', ({ core, params }) => {
    const customer = params.str('customer');
    const type = params.str('type');
    const items = newestFirst(core.state.paymentMethods).filter(
      (pm) => (customer === undefined || pm.customer === customer) && (!type || pm.type === type),
    );
    return paginate(items, params, '/v1/payment_methods');
  });
}

