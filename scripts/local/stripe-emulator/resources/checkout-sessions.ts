// /v1/checkout/sessions in `subscription` and `setup` mode. The session's `url`
// is the emulator's own hosted page (/pay/:id); completing it is in ../checkout-completion.ts.

import { SECONDS } from '../clock';
import type { EmulatorCore } from '../core';
import { invalidRequest, noSuch, noSuchParam } from '../errors';
import { newId, randomToken } from '../ids';
import { newestFirst, paginate } from '../lists';
import { applyMetadata, type Params } from '../params';
import { localUrl } from '../render';
import type { Router } from '../router';
import type { CheckoutSettings } from '../store';
import { CHECKOUT_SESSION_UNSET, SETUP_INTENT_UNSET, unset, type CheckoutLineItem, type CheckoutSession, type SetupIntent } from '../types';
import { productName } from '../billing';
import { requireCustomer } from './customers';

/** Session parameters that only affect Stripe's own page, accepted and ignored here. */
const COSMETIC_PARAMS = [
  'allow_promotion_codes',
  'billing_address_collection',
  'consent_collection',
  'custom_fields',
  'custom_text',
  'customer_creation',
  'customer_update',
  'locale',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_options',
  'payment_method_types',
  'phone_number_collection',
  'saved_payment_method_options',
  'submit_type',
  'tax_id_collection',
  'automatic_tax',
  'ui_mode',
];

function validUrl(value: string | undefined, param: string): string | null {
  if (value === undefined || value === '') return null;
  // `{CHECKOUT_SESSION_ID}` is not a valid URL character sequence; check with it substituted.
  try {
    const u = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs_test'));
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  }
  return value;
}

function readLineItems(core: EmulatorCore, params: Params): CheckoutLineItem[] {
  const raw = params.objList('line_items');
  if (!raw || raw.length === 0) {
    throw invalidRequest('`line_items` is required in `subscription` mode.', 'line_items', 'parameter_missing');
  }
  return raw.map((item, i) => {
    if (item.has('price_data')) {
      throw invalidRequest('The local Stripe emulator does not support `price_data`; pass a `price` id.', `line_items[${i}][price_data]`);
    }
    const priceId = item.str('price', { required: true });
    const price = core.state.prices[priceId];
    if (!price) throw noSuchParam('price', priceId, `line_items[${i}][price]`);
    if (!price.active) throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, `line_items[${i}][price]`);
    if (!price.recurring) {
      throw invalidRequest(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        `line_items[${i}][price]`,
      );
    }
    const quantity = item.int('quantity', { min: 1 }) ?? 1;
    item.accept('adjustable_quantity', 'tax_rates', 'dynamic_tax_rates');
    const amount = price.unit_amount * quantity;
    return {
      id: newId('li'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: productName(core, price),
      price: structuredClone(price),
      quantity,
    };
  });
}

function readSettings(core: EmulatorCore, params: Params): CheckoutSettings {
  const data = params.obj('subscription_data');
  const trialPeriodDays = data?.int('trial_period_days', { min: 1, max: 730 }) ?? null;
  const trialEnd = data?.int('trial_end') ?? null;
  if (trialEnd !== null && trialEnd <= core.now()) {
    throw invalidRequest('`subscription_data[trial_end]` must be in the future.', 'subscription_data[trial_end]');
  }
  if (trialEnd !== null && trialPeriodDays !== null) {
    throw invalidRequest(
      'You may only specify one of these parameters: subscription_data[trial_end], subscription_data[trial_period_days].',
      'subscription_data[trial_end]',
    );
  }
  data?.accept('default_tax_rates', 'proration_behavior', 'trial_settings', 'billing_cycle_anchor', 'application_fee_percent', 'on_behalf_of', 'invoice_settings');
  return {
    trialPeriodDays,
    trialEnd,
    subscriptionMetadata: applyMetadata({}, data?.metadata()),
    subscriptionDescription: data?.nullableStr('description') ?? null,
  };
}

function makeSetupIntent(core: EmulatorCore, customer: string | null, params: Params): SetupIntent {
  const data = params.obj('setup_intent_data');
  const id = newId('seti');
  return {
    id,
    ...unset(SETUP_INTENT_UNSET),
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(24)}`,
    created: core.now(),
    customer,
    description: data?.nullableStr('description') ?? null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: applyMetadata({}, data?.metadata()),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  };
}

export function registerCheckoutSessionRoutes(router: Router): void {
  router.post('/v1/checkout/sessions', ({ core, params }) => {
    const now = core.now();
    const mode = params.oneOf('mode', ['subscription', 'setup', 'payment'] as const, { required: true })!;
    if (mode === 'payment') {
      throw invalidRequest("The local Stripe emulator supports checkout `mode` 'subscription' and 'setup' only.", 'mode');
    }
    const customerId = params.str('customer') || null;
    if (customerId) requireCustomer(core, customerId, 'customer');
    const customerEmail = params.str('customer_email') || null;
    if (customerId && customerEmail) {
      throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    const successUrl = validUrl(params.str('success_url'), 'success_url');
    const cancelUrl = validUrl(params.str('cancel_url'), 'cancel_url');
    const clientReferenceId = params.str('client_reference_id') || null;
    if (clientReferenceId && clientReferenceId.length > 200) {
      throw invalidRequest('client_reference_id must be at most 200 characters.', 'client_reference_id');
    }
    const expiresAt = params.int('expires_at') ?? now + SECONDS.day;
    if (expiresAt < now + 30 * SECONDS.minute || expiresAt > now + SECONDS.day) {
      throw invalidRequest('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const metadata = applyMetadata({}, params.metadata());
    params.accept(...COSMETIC_PARAMS);

    let lineItems: CheckoutLineItem[] = [];
    let settings: CheckoutSettings = { trialPeriodDays: null, trialEnd: null, subscriptionMetadata: {}, subscriptionDescription: null };
    let setupIntent: SetupIntent | undefined;
    if (mode === 'subscription') {
      lineItems = readLineItems(core, params);
      settings = readSettings(core, params);
      if (params.has('setup_intent_data')) throw invalidRequest('`setup_intent_data` can only be used in `setup` mode.', 'setup_intent_data');
    } else {
      if (params.has('line_items')) throw invalidRequest('You can not pass `line_items` in `setup` mode.', 'line_items');
      if (params.has('subscription_data')) throw invalidRequest('`subscription_data` can only be used in `subscription` mode.', 'subscription_data');
      setupIntent = makeSetupIntent(core, customerId, params);
      params.str('currency');
    }

    const hasTrial = settings.trialPeriodDays !== null || settings.trialEnd !== null;
    const subtotal = lineItems.reduce((sum, li) => sum + li.amount_total, 0);
    const id = newId('cs_test');
    const session: CheckoutSession = {
      id,
      ...unset(CHECKOUT_SESSION_UNSET),
      object: 'checkout.session',
      allow_promotion_codes: null,
      amount_subtotal: mode === 'subscription' ? (hasTrial ? 0 : subtotal) : null,
      amount_total: mode === 'subscription' ? (hasTrial ? 0 : subtotal) : null,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      client_secret: null,
      created: now,
      currency: mode === 'subscription' ? lineItems[0].currency : null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customerId,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email: customerEmail,
      expires_at: expiresAt,
      invoice: null,
      livemode: false,
      locale: null,
      metadata,
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: mode === 'subscription' ? 'always' : null,
      payment_method_types: ['card'],
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      setup_intent: setupIntent?.id ?? null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: mode === 'subscription' ? { amount_discount: 0, amount_shipping: 0, amount_tax: 0 } : null,
      ui_mode: 'hosted_page',
      url: localUrl(`/pay/${id}`),
    };

    core.state.checkoutSessions[id] = session;
    core.state.checkoutLineItems[id] = lineItems;
    core.state.checkoutSettings[id] = settings;
    if (setupIntent) {
      core.state.setupIntents[setupIntent.id] = setupIntent;
      core.emit('setup_intent.created', setupIntent);
    }
    core.markDirty();
    return session;
  });

  router.get('/v1/checkout/sessions/:id', ({ core, path }) => {
    const session = core.state.checkoutSessions[path.id];
    if (!session) throw noSuch('cs', path.id);
    return session;
  });

  router.get('/v1/checkout/sessions/:id/line_items', ({ core, params, path }) => {
    if (!core.state.checkoutSessions[path.id]) throw noSuch('cs', path.id);
    const items = core.state.checkoutLineItems[path.id] ?? [];
    return paginate(items, params, `/v1/checkout/sessions/${path.id}/line_items`);
  });

  router.post('/v1/checkout/sessions/:id/expire', ({ core, path }) => {
    const session = core.state.checkoutSessions[path.id];
    if (!session) throw noSuch('cs', path.id);
    if (session.status !== 'open') {
      throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    }
    session.status = 'expired';
    session.url = null;
    core.emit('checkout.session.expired', session);
    return session;
  });

  router.get('/v1/checkout/sessions', ({ core, params }) => {
    const customer = params.str('customer');
    const subscription = params.str('subscription');
    const status = params.str('status');
    const items = newestFirst(core.state.checkoutSessions).filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (!subscription || s.subscription === subscription) &&
        (!status || s.status === status),
    );
    return paginate(items, params, '/v1/checkout/sessions');
  });
}
