// The catalog the product expects to exist: one yearly Premium price and one
// per-seat yearly Enterprise price. Their ids double as lookup keys so product
// config can name them the same way locally and in Stripe test mode.

import { ENTERPRISE_SEAT_PRICE_CENTS, PREMIUM_PRICE_CENTS } from '#shared/domain/premium-plan';
import type { State } from './store';
import { type Price, type Product, PRODUCT_UNSET, unset } from './types';

export const PREMIUM_PRICE_ID = 'price_premium_yearly';
export const ENTERPRISE_PRICE_ID = 'price_enterprise_seat_yearly';

export function makeProduct(fields: Partial<Product> & Pick<Product, 'id' | 'name' | 'created'>): Product {
  return {
    ...unset(PRODUCT_UNSET),
    object: 'product',
    active: true,
    updated: fields.created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    url: null,
    ...fields,
  };
}

export function makePrice(fields: Partial<Price> & Pick<Price, 'id' | 'product' | 'unit_amount' | 'created'>): Price {
  return {
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    recurring: null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount_decimal: String(fields.unit_amount),
    ...fields,
  };
}

const yearly = { interval: 'year', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } as const;

/** Adds the seed catalog if missing; existing (possibly edited) objects are left alone. */
export function seedCatalog(state: State, now: number): void {
  if (!state.products.prod_premium) {
    state.products.prod_premium = makeProduct({
      id: 'prod_premium',
      name: 'Premium',
      description: 'Full-page screenshots with cropping, annotation, stamps and smart PDF splitting.',
      default_price: PREMIUM_PRICE_ID,
      created: now,
    });
  }
  if (!state.products.prod_enterprise) {
    state.products.prod_enterprise = makeProduct({
      id: 'prod_enterprise',
      name: 'Enterprise',
      description: 'Premium for a team, billed per seat.',
      default_price: ENTERPRISE_PRICE_ID,
      unit_label: 'seat',
      created: now,
    });
  }
  if (!state.prices[PREMIUM_PRICE_ID]) {
    state.prices[PREMIUM_PRICE_ID] = makePrice({
      id: PREMIUM_PRICE_ID,
      product: 'prod_premium',
      unit_amount: PREMIUM_PRICE_CENTS,
      recurring: { ...yearly },
      nickname: 'Premium',
      lookup_key: PREMIUM_PRICE_ID,
      created: now,
    });
  }
  if (!state.prices[ENTERPRISE_PRICE_ID]) {
    state.prices[ENTERPRISE_PRICE_ID] = makePrice({
      id: ENTERPRISE_PRICE_ID,
      product: 'prod_enterprise',
      unit_amount: ENTERPRISE_SEAT_PRICE_CENTS,
      recurring: { ...yearly },
      nickname: 'Enterprise',
      lookup_key: ENTERPRISE_PRICE_ID,
      created: now,
    });
  }
}
