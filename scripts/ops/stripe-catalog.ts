import type Stripe from 'stripe';
import { ENTERPRISE_SEAT_PRICE_CENTS, PREMIUM_PRICE_CENTS, TRIAL_DAYS } from '#shared/domain/premium-plan';

type Plan = 'premium' | 'enterprise';

export interface CatalogEntry {
  plan: Plan;
  /** The price's lookup key: how the script finds its own price again (also the emulator's seeded price id). */
  lookupKey: string;
  productName: string;
  description: string;
  /** Cents per year (per seat for Enterprise). */
  unitAmount: number;
  unitLabel?: string;
}

/**
 * What the product sells (seed spec: "Premium costs $12 USD per year ... 7-day free trial").
 * The trial is not on the price: lambdas/checkout adds it per checkout, once per customer.
 * Enterprise is the same yearly amount per seat, billed as a quantity (lambdas/orgs).
 */
export const CATALOG: readonly CatalogEntry[] = [
  {
    plan: 'premium', lookupKey: 'price_premium_yearly', productName: 'Premium', unitAmount: PREMIUM_PRICE_CENTS,
    description: `Full-page screenshots with cropping, annotation, stamps and smart PDF splitting. ${TRIAL_DAYS}-day free trial.`,
  },
  {
    plan: 'enterprise', lookupKey: 'price_enterprise_seat_yearly', productName: 'Enterprise', unitAmount: ENTERPRISE_SEAT_PRICE_CENTS,
    description: 'Premium for a team, billed per seat.', unitLabel: 'seat',
  },
];

/** Marks products this script made, so a second run finds them even before a price exists. */
const PLAN_METADATA_KEY = 'fps_plan';

export interface CatalogResult {
  plan: Plan;
  priceId: string;
  productId: string;
  action: 'found' | 'created';
  /** Differences between the found price and the catalog (prices cannot be edited in Stripe). */
  warnings: string[];
}

function priceWarnings(price: Stripe.Price, entry: CatalogEntry): string[] {
  const w: string[] = [];
  if (price.unit_amount !== entry.unitAmount) w.push(`amount is ${price.unit_amount} cents, expected ${entry.unitAmount}`);
  if (price.currency !== 'usd') w.push(`currency is ${price.currency}, expected usd`);
  if (price.recurring?.interval !== 'year' || price.recurring.interval_count !== 1) w.push('not billed yearly');
  if (!price.active) w.push('price is archived (inactive)');
  return w;
}

async function findProduct(stripe: Stripe, entry: CatalogEntry): Promise<Stripe.Product | undefined> {
  for await (const p of stripe.products.list({ limit: 100 })) {
    if (p.metadata?.[PLAN_METADATA_KEY] === entry.plan) return p;
  }
  return undefined;
}

/** Finds each plan's price by lookup key, or creates product and price; never edits what exists. */
export async function ensureCatalogEntry(stripe: Stripe, entry: CatalogEntry): Promise<CatalogResult> {
  const found = await stripe.prices.list({ lookup_keys: [entry.lookupKey], limit: 1 });
  const existing = found.data[0];
  if (existing) {
    const productId = typeof existing.product === 'string' ? existing.product : existing.product.id;
    return { plan: entry.plan, priceId: existing.id, productId, action: 'found', warnings: priceWarnings(existing, entry) };
  }
  const product = (await findProduct(stripe, entry)) ?? (await stripe.products.create({
    name: entry.productName,
    description: entry.description,
    metadata: { [PLAN_METADATA_KEY]: entry.plan },
    ...(entry.unitLabel ? { unit_label: entry.unitLabel } : {}),
  }));
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: entry.unitAmount,
    recurring: { interval: 'year', interval_count: 1 },
    lookup_key: entry.lookupKey,
    nickname: entry.productName,
    metadata: { [PLAN_METADATA_KEY]: entry.plan },
  });
  await stripe.products.update(product.id, { default_price: price.id });
  return { plan: entry.plan, priceId: price.id, productId: product.id, action: 'created', warnings: [] };
}
