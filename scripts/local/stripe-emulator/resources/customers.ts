// /v1/customers: create, retrieve, update, delete, list (email filter), search.

import { cancelSubscriptionNow } from '../billing';
import { changedFields, type EmulatorCore } from '../core';
import { invalidRequest, noSuch, noSuchParam } from '../errors';
import { newId, randomToken } from '../ids';
import { createdFilter, newestFirst, paginate } from '../lists';
import { applyMetadata, type Params } from '../params';
import type { Router } from '../router';
import type { Customer } from '../types';
import { attachPaymentMethod, requirePaymentMethod } from './payment-methods';

/** A new customer object; the caller stores it in `state.customers` once it is valid. */
export function makeCustomer(core: EmulatorCore, fields: { email?: string | null; name?: string | null; at?: number }): Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: fields.at ?? core.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: fields.email ?? null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** A live (not deleted) customer, or Stripe's "No such customer" error. */
export function requireCustomer(core: EmulatorCore, id: string, param?: string): Customer {
  const c = core.state.customers[id];
  if (!c || c.deleted) throw param ? noSuchParam('cus', id, param) : noSuch('cus', id);
  return c;
}

/** Stripe only lets a customer (or its subscriptions) default to a card attached to that customer. */
export function assertAttached(core: EmulatorCore, customer: Customer, pmId: string, param: string): void {
  const pm = core.state.paymentMethods[pmId];
  if (!pm || pm.customer !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
}

/**
 * Reads and validates a create/update request, returning the change to apply.
 * Validating everything first means a bad parameter leaves no partial change behind.
 */
function readCustomerChange(core: EmulatorCore, customer: Customer, p: Params): () => void {
  const email = p.nullableStr('email');
  const name = p.nullableStr('name');
  const description = p.nullableStr('description');
  const phone = p.nullableStr('phone');
  const metadata = p.metadata();
  const locales = p.strList('preferred_locales');

  const attachId = p.str('payment_method');
  const toAttach = attachId ? requirePaymentMethod(core, attachId, 'payment_method') : undefined;
  if (toAttach?.customer && toAttach.customer !== customer.id) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
  }

  const settings = p.obj('invoice_settings');
  let newDefault: string | null | undefined;
  if (settings?.has('default_payment_method')) {
    newDefault = settings.nullableStr('default_payment_method') ?? null;
    // The card being attached in this same request counts as attached.
    if (newDefault !== null && newDefault !== toAttach?.id) {
      assertAttached(core, customer, newDefault, 'invoice_settings[default_payment_method]');
    }
  }

  return () => {
    if (email !== undefined) customer.email = email;
    if (name !== undefined) customer.name = name;
    if (description !== undefined) customer.description = description;
    if (phone !== undefined) customer.phone = phone;
    if (locales) customer.preferred_locales = locales;
    customer.metadata = applyMetadata(customer.metadata, metadata);
    if (toAttach) attachPaymentMethod(core, toAttach, customer.id);
    if (newDefault !== undefined) customer.invoice_settings.default_payment_method = newDefault;
  };
}

/** Parses the subset of Stripe's search language the product needs: `email:'x'`, `name:'x'`, `metadata['k']:'v'`, joined by AND. */
function searchPredicate(query: string): (c: Customer) => boolean {
  const clauses = query.split(/\s+AND\s+/i).map((clause) => {
    const m = /^\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*(:|~)\s*['"](.*)['"]\s*$/.exec(clause);
    if (!m) throw invalidRequest(`The local Stripe emulator cannot parse this search query: ${clause}`, 'query');
    const [, field, metaKey, op, value] = m;
    return (c: Customer): boolean => {
      const actual = metaKey !== undefined ? c.metadata[metaKey] : (c[field as 'email' | 'name' | 'phone'] ?? undefined);
      if (actual === undefined || actual === null) return false;
      return op === '~' ? actual.toLowerCase().includes(value.toLowerCase()) : actual === value;
    };
  });
  return (c) => clauses.every((f) => f(c));
}

export function registerCustomerRoutes(router: Router): void {
  router.post('/v1/customers', ({ core, params }) => {
    const customer = makeCustomer(core, {});
    const apply = readCustomerChange(core, customer, params);
    core.state.customers[customer.id] = customer;
    apply();
    core.emit('customer.created', customer);
    return customer;
  });

  router.get('/v1/customers/search', ({ core, params }) => {
    const query = params.str('query', { required: true });
    const matches = newestFirst(core.state.customers).filter((c) => !c.deleted).filter(searchPredicate(query));
    const limit = params.int('limit', { min: 1, max: 100 }) ?? 10;
    params.str('page');
    return { object: 'search_result', data: matches.slice(0, limit), has_more: matches.length > limit, next_page: null, url: '/v1/customers/search' };
  });

  router.get('/v1/customers/:id', ({ core, path }) => {
    const c = core.state.customers[path.id];
    if (!c) throw noSuch('cus', path.id);
    return c;
  });

  router.post('/v1/customers/:id', ({ core, params, path }) => {
    const customer = requireCustomer(core, path.id);
    const before = structuredClone(customer);
    readCustomerChange(core, customer, params)();
    const changed = changedFields(before, customer);
    if (Object.keys(changed).length > 0) core.emit('customer.updated', customer, changed);
    return customer;
  });

  router.delete('/v1/customers/:id', ({ core, path }) => {
    const customer = requireCustomer(core, path.id);
    // Deleting a customer cancels its subscriptions immediately, as in Stripe.
    for (const sub of Object.values(core.state.subscriptions)) {
      if (sub.customer === customer.id) cancelSubscriptionNow(core, sub, core.now(), 'cancellation_requested');
    }
    customer.deleted = true;
    core.emit('customer.deleted', { ...customer, deleted: undefined } as Customer);
    return { id: customer.id, object: 'customer', deleted: true };
  });

  router.get('/v1/customers', ({ core, params }) => {
    const email = params.str('email');
    const created = createdFilter(params);
    const items = newestFirst(core.state.customers).filter(
      (c) => !c.deleted && (email === undefined || c.email === email) && created(c.created),
    );
    return paginate(items, params, '/v1/customers');
  });

  router.get('/v1/customers/:id/payment_methods', ({ core, params, path }) => {
    requireCustomer(core, path.id);
    const type = params.str('type');
    const items = newestFirst(core.state.paymentMethods).filter((pm) => pm.customer === path.id && (!type || pm.type === type));
    return paginate(items, params, `/v1/customers/${path.id}/payment_methods`);
  });
}
