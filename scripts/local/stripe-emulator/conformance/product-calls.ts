// Every Stripe SDK method the product calls (lambdas/, scripts/create-org.ts, scripts/ops/), each
// driven the way the product drives it, plus the errors it can meet. The conformance test checks
// each raw answer against the method's return type in the pinned SDK.

import type Stripe from 'stripe';
import type { StripeEmulator } from '../server';
import { submitHostedCheckout, GOOD_CARD, DAY } from '../test-helpers';
import type { RecordingSdk } from './recording-sdk';

/** `subscriptions.create` → `Stripe['subscriptions']['create']`, whose awaited result is the response type. */
export function responseTypeOf(method: string): string {
  const path = method.split('.').map((p) => `[${JSON.stringify(p)}]`).join('');
  return `Awaited<ReturnType<Stripe${path}>>`;
}

export const PRODUCT_METHODS = [
  'products.create', 'products.update', 'products.list',
  'prices.create', 'prices.list', 'prices.retrieve',
  'customers.create', 'customers.update', 'customers.list', 'customers.search', 'customers.retrieve',
  'checkout.sessions.create', 'checkout.sessions.retrieve', 'checkout.sessions.list', 'checkout.sessions.expire',
  'setupIntents.retrieve',
  'paymentMethods.attach', 'paymentMethods.retrieve',
  'subscriptions.create', 'subscriptions.retrieve', 'subscriptions.update', 'subscriptions.list', 'subscriptions.cancel',
  'invoices.retrieve', 'invoices.pay', 'invoices.list',
  'charges.list',
  'webhookEndpoints.create', 'webhookEndpoints.list', 'webhookEndpoints.update',
] as const;

/** Calls made only to set the scene (what Stripe's dashboard would do); their answers are checked too. */
export const SETUP_METHODS = ['refunds.create', 'customers.del'] as const;

const SITE = 'http://localhost:5173';

export async function driveProductCalls(sdk: RecordingSdk, emulator: StripeEmulator): Promise<void> {
  // Catalog (scripts/ops/stripe-catalog.ts).
  const product = await sdk.call('products.create', (s) => s.products.create({ name: 'Conformance', metadata: { app: 'fps' } }));
  await sdk.call('products.update', (s) => s.products.update(product.id, { description: 'A product' }));
  await sdk.call('products.list', (s) => s.products.list({ active: true, limit: 100 }));
  const price = await sdk.call('prices.create', (s) =>
    s.prices.create({ product: product.id, currency: 'usd', unit_amount: 1200, recurring: { interval: 'year' }, lookup_key: 'conformance', nickname: 'Conformance' }),
  );
  await sdk.call('prices.list', (s) => s.prices.list({ lookup_keys: ['price_premium_yearly', price.lookup_key!], active: true }));
  await sdk.call('prices.retrieve', (s) => s.prices.retrieve('price_premium_yearly'));

  // Customers (lambdas/adapters/stripe-customer.ts).
  const customer = await sdk.call('customers.create', (s) =>
    s.customers.create({ email: 'conformance@example.com', name: 'Ada', metadata: { userId: 'u-1' } }, { idempotencyKey: 'conformance-customer' }),
  );
  // Same key, other parameters (keys live 24 h, so before the clock moves).
  await sdk.fail('customers.create', (s) => s.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'conformance-customer' }));
  await sdk.call('customers.update', (s) => s.customers.update(customer.id, { email: 'conformance2@example.com' }));
  await sdk.call('customers.list', (s) => s.customers.list({ email: 'conformance2@example.com', limit: 1 }));
  await sdk.call('customers.search', (s) => s.customers.search({ query: "metadata['userId']:'u-1'", limit: 10 }));

  // Premium checkout with a trial, paid on the hosted page (lambdas/checkout).
  const session = await sdk.call('checkout.sessions.create', (s) =>
    s.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u-1',
      line_items: [{ price: 'price_premium_yearly', quantity: 1 }],
      subscription_data: { trial_period_days: 7, metadata: { userId: 'u-1' } },
      metadata: { userId: 'u-1' },
      success_url: `${SITE}/checkout?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/checkout`,
    }),
  );
  await sdk.call('checkout.sessions.list', (s) => s.checkout.sessions.list({ customer: customer.id, status: 'open', limit: 20 }));
  await sdk.call('checkout.sessions.retrieve', (s) => s.checkout.sessions.retrieve(session.id));
  await submitHostedCheckout(session.url!, GOOD_CARD);
  const completed = await sdk.call('checkout.sessions.retrieve', (s) => s.checkout.sessions.retrieve(session.id));
  const trialing = completed.subscription as string;
  await sdk.call('subscriptions.retrieve', (s) => s.subscriptions.retrieve(trialing, { expand: ['default_payment_method', 'customer'] }));

  // An abandoned checkout is expired.
  const abandoned = await sdk.call('checkout.sessions.create', (s) =>
    s.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'price_premium_yearly', quantity: 1 }], success_url: SITE }),
  );
  await sdk.call('checkout.sessions.expire', (s) => s.checkout.sessions.expire(abandoned.id));

  // Card update: a setup-mode session, its setup intent and the new card (lambdas/billing).
  const setup = await sdk.call('checkout.sessions.create', (s) =>
    s.checkout.sessions.create({ mode: 'setup', customer: customer.id, currency: 'usd', success_url: SITE, cancel_url: SITE }),
  );
  await submitHostedCheckout(setup.url!, { ...GOOD_CARD, card_number: '5555 5555 5555 4444' });
  const done = await sdk.call('checkout.sessions.retrieve', (s) => s.checkout.sessions.retrieve(setup.id));
  const intent = await sdk.call('setupIntents.retrieve', (s) => s.setupIntents.retrieve(done.setup_intent as string, { expand: ['payment_method'] }));
  const card = intent.payment_method as Stripe.PaymentMethod;
  await sdk.call('paymentMethods.retrieve', (s) => s.paymentMethods.retrieve(card.id));
  await sdk.call('customers.update', (s) => s.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } }));
  await sdk.call('subscriptions.update', (s) => s.subscriptions.update(trialing, { default_payment_method: card.id }));
  await sdk.call('customers.retrieve', (s) => s.customers.retrieve(customer.id, { expand: ['invoice_settings.default_payment_method'] }));

  // An organisation paying by card, then by invoice (lambdas/orgs/lib/create-organization.ts).
  const org = await sdk.call('customers.create', (s) => s.customers.create({ email: 'billing@acme.example', name: 'Acme' }));
  const pm = await sdk.call('paymentMethods.attach', (s) => s.paymentMethods.attach('pm_card_visa', { customer: org.id }));
  await sdk.call('customers.update', (s) => s.customers.update(org.id, { invoice_settings: { default_payment_method: pm.id } }));
  const paidByCard = await sdk.call('subscriptions.create', (s) =>
    s.subscriptions.create(
      { customer: org.id, items: [{ price: 'price_enterprise_seat_yearly', quantity: 3 }], default_payment_method: pm.id, collection_method: 'charge_automatically', metadata: { orgId: 'o-1' } },
      { idempotencyKey: 'conformance-org-card' },
    ),
  );
  const byInvoice = await sdk.call('subscriptions.create', (s) =>
    s.subscriptions.create(
      { customer: org.id, items: [{ price: 'price_enterprise_seat_yearly', quantity: 2 }], collection_method: 'send_invoice', days_until_due: 30 },
      { idempotencyKey: 'conformance-org-invoice' },
    ),
  );
  const invoice = await sdk.call('invoices.retrieve', (s) => s.invoices.retrieve(byInvoice.latest_invoice as string));
  await sdk.call('invoices.pay', (s) => s.invoices.pay(invoice.id));
  await sdk.call('subscriptions.update', (s) => s.subscriptions.update(paidByCard.id, { cancel_at_period_end: true }));
  await sdk.call('subscriptions.list', (s) => s.subscriptions.list({ customer: org.id, status: 'all', limit: 100 }));
  await sdk.call('subscriptions.list', (s) => s.subscriptions.list({ customer: org.id, limit: 1 }));

  // Payment history (lambdas/adapters/payments.ts), with a refund made in Stripe's dashboard.
  const [paid] = (await sdk.call('charges.list', (s) => s.charges.list({ customer: org.id, limit: 1 }))).data;
  await sdk.call('refunds.create', (s) => s.refunds.create({ charge: paid.id, amount: 100 }));
  await sdk.call('charges.list', (s) => s.charges.list({ customer: org.id, limit: 100, expand: ['data.refunds'] }));
  await sdk.call('invoices.list', (s) => s.invoices.list({ customer: org.id, limit: 100, expand: ['data.payments'] }));

  // Time passes: the trial ends and is charged; then the account is closed.
  await emulator.advanceClock(8 * DAY);
  await sdk.call('subscriptions.retrieve', (s) => s.subscriptions.retrieve(trialing));
  await sdk.call('subscriptions.cancel', (s) => s.subscriptions.cancel(trialing, { cancellation_details: { comment: 'account deleted' } }));

  // Webhook endpoint set-up (scripts/ops/stripe-webhook-endpoint.ts).
  const endpoint = await sdk.call('webhookEndpoints.create', (s) =>
    s.webhookEndpoints.create({ url: 'https://api.example.com/stripe/webhook', enabled_events: ['invoice.paid'], api_version: '2026-10-28.endive' as never }),
  );
  await sdk.call('webhookEndpoints.update', (s) => s.webhookEndpoints.update(endpoint.id, { enabled_events: ['invoice.paid', 'invoice.payment_failed'] }));
  await sdk.call('webhookEndpoints.list', (s) => s.webhookEndpoints.list({ limit: 100 }));

  // A customer deleted in Stripe's dashboard, as the product may still find it.
  const gone = await sdk.call('customers.create', (s) => s.customers.create({ email: 'gone@example.com' }));
  await sdk.call('customers.del', (s) => s.customers.del(gone.id));
  await sdk.call('customers.retrieve', (s) => s.customers.retrieve(gone.id));

  // Errors the product meets.
  await sdk.fail('customers.retrieve', (s) => s.customers.retrieve('cus_missing'));
  await sdk.fail('subscriptions.cancel', (s) => s.subscriptions.cancel(trialing));
  await sdk.fail('invoices.pay', (s) => s.invoices.pay(invoice.id));
  await sdk.fail('subscriptions.create', (s) => s.subscriptions.create({ customer: customer.id, items: [] }));
  const declining = await sdk.call('paymentMethods.attach', (s) => s.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: org.id }));
  await sdk.fail('subscriptions.create', (s) =>
    s.subscriptions.create({ customer: org.id, items: [{ price: 'price_premium_yearly' }], default_payment_method: declining.id, payment_behavior: 'error_if_incomplete' }),
  );
}
