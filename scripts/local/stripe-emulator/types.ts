// Shapes of the Stripe objects the emulator stores and returns.
// They follow API version 2026-10-28 for the fields the product uses; fields we
// never vary are still present (usually null) so code reading them sees what
// Stripe would send rather than `undefined`.

export type Metadata = Record<string, string>;

/**
 * Fields of the pinned API that the emulator never sets: Stripe sends them as `null`. Each object
 * lists its own below, and its builder spreads `unset(...)` of that list, so every response has
 * every field the SDK's types require (the conformance test in conformance/ checks this).
 */
export type Unset<K extends string> = { [P in K]: null };

export function unset<K extends string>(keys: readonly K[]): Unset<K> {
  return Object.fromEntries(keys.map((k) => [k, null])) as Unset<K>;
}

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export const PRODUCT_UNSET = ['tax_details'] as const;

export interface Product extends Unset<(typeof PRODUCT_UNSET)[number]> {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: unknown[];
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: null;
  statement_descriptor: string | null;
  tax_code: null;
  type: 'service';
  unit_label: string | null;
  url: string | null;
}

export interface Recurring {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  meter: null;
  trial_period_days: number | null;
  usage_type: 'licensed';
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
  /** Set once the customer is deleted; such customers render as `{id, object, deleted: true}`. */
  deleted?: true;
}

interface BillingDetails {
  address: {
    city: null;
    country: string | null;
    line1: null;
    line2: null;
    postal_code: string | null;
    state: null;
  };
  email: string | null;
  name: string | null;
  phone: null;
  tax_id: null;
}

interface CardDetails {
  brand: string;
  display_brand: string;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
  country: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit' | 'debit';
  generated_from: null;
  last4: string;
  networks: { available: string[]; preferred: null };
  regulated_status: 'unregulated';
  three_d_secure_usage: { supported: boolean };
  wallet: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified' | 'always' | 'limited';
  billing_details: BillingDetails;
  card: CardDetails;
  created: number;
  customer: string | null;
  customer_account: null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export const SETUP_INTENT_UNSET = [
  'allowed_payment_method_types', 'excluded_payment_method_types', 'payment_method_configuration_details', 'payment_method_options',
] as const;

export interface SetupIntent extends Unset<(typeof SETUP_INTENT_UNSET)[number]> {
  id: string;
  object: 'setup_intent';
  application: null;
  automatic_payment_methods: null;
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  last_setup_error: null;
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  next_action: null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_types: string[];
  single_use_mandate: null;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
}

export interface CheckoutLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: Price;
  quantity: number;
}

export const CHECKOUT_SESSION_UNSET = [
  'adaptive_pricing', 'after_expiration', 'allowed_payment_method_types', 'collected_information', 'consent',
  'consent_collection', 'currency_conversion', 'customer_account', 'discounts', 'integration_identifier',
  'invoice_creation', 'managed_payments', 'origin_context', 'payment_method_configuration_details',
  'payment_method_options', 'permissions', 'recovered_from', 'saved_payment_method_options',
  'shipping_address_collection', 'shipping_cost', 'wallet_options',
] as const;

export interface CheckoutSession extends Unset<(typeof CHECKOUT_SESSION_UNSET)[number]> {
  id: string;
  object: 'checkout.session';
  allow_promotion_codes: boolean | null;
  amount_subtotal: number | null;
  amount_total: number | null;
  automatic_tax: { enabled: false; liability: null; provider: null; status: null };
  billing_address_collection: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  created: number;
  currency: string | null;
  custom_fields: unknown[];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: {
    address: null;
    business_name: null;
    email: string | null;
    individual_name: null;
    name: string | null;
    phone: null;
    tax_exempt: 'none';
    tax_ids: unknown[];
  } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'subscription' | 'setup';
  payment_intent: null;
  payment_link: null;
  payment_method_collection: 'always' | 'if_required' | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  setup_intent: string | null;
  shipping_options: unknown[];
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number } | null;
  ui_mode: 'hosted_page';
  url: string | null;
}

/** The pre-Price view of a recurring price that Stripe still puts on subscription items. */
export interface Plan {
  id: string;
  object: 'plan';
  active: boolean;
  amount: number;
  amount_decimal: string;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  interval: Recurring['interval'];
  interval_count: number;
  livemode: false;
  metadata: Metadata;
  meter: null;
  nickname: string | null;
  product: string;
  tiers_mode: null;
  transform_usage: null;
  trial_period_days: number | null;
  usage_type: 'licensed';
}

export const SUBSCRIPTION_ITEM_UNSET = ['current_trial'] as const;

export interface SubscriptionItem extends Unset<(typeof SUBSCRIPTION_ITEM_UNSET)[number]> {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  plan: Plan;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: unknown[];
}

type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export const SUBSCRIPTION_UNSET = ['customer_account', 'managed_payments'] as const;

export interface Subscription extends Unset<(typeof SUBSCRIPTION_UNSET)[number]> {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { flexible: null; type: 'classic' };
  billing_schedules: unknown[];
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; feedback_option: null; reason: string | null };
  collection_method: CollectionMethod;
  created: number;
  currency: string;
  customer: string;
  days_until_due: number | null;
  default_payment_method: string | null;
  default_source: null;
  default_tax_rates: unknown[];
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; custom_fields: null; description: null; footer: null; issuer: { type: 'self' } };
  items: ListObject<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: null;
    save_default_payment_method: 'off' | 'on_subscription';
  };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: null;
  trial_end: number | null;
  trial_settings: { end_behavior: { billing_cycle_anchor: null; missing_payment_method: 'create_invoice' } };
  trial_start: number | null;
}

export interface InvoiceLineItem {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: unknown[];
  discountable: boolean;
  discounts: string[];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
    type: 'subscription_item_details';
  };
  period: { end: number; start: number };
  pretax_credit_amounts: unknown[];
  pricing: {
    price_details: { price: string; product: string };
    type: 'price_details';
    unit_amount_decimal: string;
  };
  quantity: number;
  quantity_decimal: string;
  subscription: string;
  subtotal: number;
  taxes: unknown[];
}

/** `send_invoice`: Stripe emails an open invoice due in `days_until_due` days and charges nothing by itself. */
type CollectionMethod = 'charge_automatically' | 'send_invoice';

type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';

export const INVOICE_UNSET = [
  'account_tax_ids', 'application', 'automatically_finalizes_at', 'custom_fields', 'customer_account',
  'customer_address', 'customer_phone', 'customer_shipping', 'default_source', 'footer', 'from_invoice',
  'latest_revision', 'on_behalf_of', 'rendering', 'shipping_cost', 'shipping_details', 'total_pretax_credit_amounts',
] as const;

export interface Invoice extends Unset<(typeof INVOICE_UNSET)[number]> {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null; provider: null; status: null };
  billing_reason: BillingReason;
  collection_method: CollectionMethod;
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  customer_tax_exempt: 'none';
  default_payment_method: string | null;
  default_tax_rates: unknown[];
  description: string | null;
  discounts: string[];
  due_date: number | null;
  effective_at: number | null;
  ending_balance: number | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  issuer: { type: 'self' };
  last_finalization_error: null;
  lines: ListObject<InvoiceLineItem>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string | null;
  parent: {
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
    type: 'subscription_details';
  } | null;
  payment_settings: { default_mandate: null; payment_method_options: null; payment_method_types: null };
  period_end: number;
  period_start: number;
  post_payment_credit_notes_amount: number;
  pre_payment_credit_notes_amount: number;
  receipt_number: string | null;
  starting_balance: number;
  statement_descriptor: string | null;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: null;
  total: number;
  total_discount_amounts: unknown[];
  total_excluding_tax: number;
  total_taxes: unknown[];
  webhooks_delivered_at: number | null;
}

export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string; charge: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: null; paid_at: number | null };
}

export const PAYMENT_INTENT_UNSET = [
  'allowed_payment_method_types', 'application', 'application_fee_amount', 'automatic_payment_methods', 'canceled_at',
  'cancellation_reason', 'customer_account', 'excluded_payment_method_types', 'managed_payments', 'next_action',
  'on_behalf_of', 'payment_method_configuration_details', 'payment_method_options', 'payment_record', 'processing',
  'receipt_email', 'review', 'setup_future_usage', 'shipping', 'source', 'statement_descriptor',
  'statement_descriptor_suffix', 'transfer_group',
] as const;

export interface PaymentIntent extends Unset<(typeof PAYMENT_INTENT_UNSET)[number]> {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: { code: string; decline_code: string | null; message: string; type: 'card_error' } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'succeeded' | 'requires_payment_method';
}

export const CHARGE_UNSET = ['source_transfer'] as const;

export interface Charge extends Unset<(typeof CHARGE_UNSET)[number]> {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: null;
  application_fee_amount: null;
  balance_transaction: null;
  billing_details: BillingDetails;
  calculated_statement_descriptor: string;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: boolean;
  failure_balance_transaction: null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, never>;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: null;
  outcome: {
    advice_code: null;
    network_advice_code: null;
    network_decline_code: null;
    network_status: 'approved_by_network' | 'declined_by_network';
    reason: string | null;
    risk_level: 'normal';
    seller_message: string;
    type: 'authorized' | 'issuer_declined';
  };
  paid: boolean;
  payment_intent: string | null;
  payment_method: string | null;
  payment_method_details: {
    card: {
      amount_authorized: number | null;
      authorization_code: null;
      brand: string;
      checks: CardDetails['checks'];
      country: string;
      exp_month: number;
      exp_year: number;
      electronic_commerce_indicator: null;
      fingerprint: string;
      funding: string;
      installments: null;
      last4: string;
      mandate: null;
      network: string;
      network_transaction_id: null;
      regulated_status: 'unregulated';
      three_d_secure: null;
      transaction_link_id: null;
      wallet: null;
    };
    type: 'card';
  };
  receipt_email: string | null;
  receipt_number: string | null;
  receipt_url: string | null;
  refunded: boolean;
  review: null;
  shipping: null;
  source: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: 'succeeded' | 'pending' | 'failed';
  transfer_data: null;
  transfer_group: null;
}

export const REFUND_UNSET = ['customer', 'customer_account', 'payment_method'] as const;

export interface Refund extends Unset<(typeof REFUND_UNSET)[number]> {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  destination_details: { card: { reference_status: 'available'; reference_type: 'acquirer_reference_number'; type: 'refund' }; type: 'card' };
  metadata: Metadata;
  payment_intent: string | null;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** Everything the emulator can look up by id. */
export type StoredObject =
  | Product
  | Price
  | Customer
  | PaymentMethod
  | SetupIntent
  | CheckoutSession
  | Subscription
  | Invoice
  | InvoicePayment
  | PaymentIntent
  | Charge
  | Refund
  | StripeEvent;
