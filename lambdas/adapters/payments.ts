import type Stripe from 'stripe';
import type { Payment } from '#shared/domain/subscription';
import { config } from '../lib/config';
import { idOf, stripe } from './stripe-client';

/** The product's own prices need no lookup: their nicknames are the plan names. */
function knownNicknames(): Map<string, string> {
  const known = new Map<string, string>();
  const { premium, enterprise } = config.stripeKnownPrices();
  if (premium) known.set(premium, 'Premium');
  if (enterprise) known.set(enterprise, 'Enterprise');
  return known;
}

/** The price an invoice bills: `pricing.price_details.price` in this API version, `price` before. */
function invoicePriceOf(invoice: Stripe.Invoice): string | Stripe.Price | undefined {
  const line = invoice.lines?.data?.[0] as (Stripe.InvoiceLineItem & { price?: Stripe.Price | string | null }) | undefined;
  return line?.pricing?.price_details?.price ?? line?.price ?? undefined;
}

/**
 * Payment history is the one thing read from Stripe on request (it is not mirrored in DynamoDB).
 * Each charge is named after the plan it paid for — the price's nickname ('Premium',
 * 'Enterprise'), found through the invoice the charge settled — not Stripe's charge description
 * ("Subscription creation"). A charge without an invoice has no nickname (null).
 */
export async function listPayments(customerId: string | undefined | null): Promise<Payment[]> {
  if (!customerId) return [];
  const s = await stripe();
  const [charges, invoices] = await Promise.all([
    // Refunds are only included when expanded (Stripe API since 2022).
    s.charges.list({ customer: customerId, limit: 100, expand: ['data.refunds'] }),
    // An invoice reaches its charge through `payments`, only when expanded (API 2025-03-31 on).
    s.invoices.list({ customer: customerId, limit: 100, expand: ['data.payments'] }),
  ]);

  const nicknames = knownNicknames();
  const nicknameOfPrice = async (price: string | Stripe.Price | undefined): Promise<string | null> => {
    if (!price) return null;
    if (typeof price !== 'string') return price.nickname ?? nicknames.get(price.id) ?? null;
    if (!nicknames.has(price)) nicknames.set(price, (await s.prices.retrieve(price)).nickname ?? '');
    return nicknames.get(price) || null;
  };

  // charge id / payment intent id / invoice id → the plan nickname
  const byKey = new Map<string, string | null>();
  for (const invoice of invoices.data) {
    const nickname = await nicknameOfPrice(invoicePriceOf(invoice));
    if (invoice.id) byKey.set(invoice.id, nickname);
    for (const p of invoice.payments?.data ?? []) {
      const charge = idOf(p.payment?.charge);
      const intent = idOf(p.payment?.payment_intent);
      if (charge) byKey.set(charge, nickname);
      if (intent) byKey.set(intent, nickname);
    }
  }
  const nicknameOf = (c: Stripe.Charge): string | null => {
    // `charge.invoice` left Stripe's Charge in 2025; older data (and the emulator) may still carry it.
    const legacyInvoice = idOf((c as Stripe.Charge & { invoice?: string | { id: string } | null }).invoice);
    for (const key of [c.id, idOf(c.payment_intent), legacyInvoice]) {
      if (key && byKey.has(key)) return byKey.get(key) ?? null;
    }
    return null;
  };

  return charges.data.map((c) => ({
    id: c.id,
    created: c.created,
    status: c.status,
    nickname: nicknameOf(c),
    amount: c.amount,
    receipt_url: c.receipt_url ?? null,
    refunds: (c.refunds?.data ?? []).map((r) => ({ created: r.created })),
  }));
}
