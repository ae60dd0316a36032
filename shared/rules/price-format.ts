import type { Subscription } from '../domain/subscription';
import { formatUsd } from './price-display';

/**
 * Money shown for a subscription (spec, section 9 and the account page rules):
 *
 * - amounts are cents, displayed in USD divided by 100 with '.00' trimmed, optionally per month
 *   (cents / 100 / 12) — `formatUsd` in ./price-display does the formatting;
 * - a missing amount shows the default total of 99999 cents;
 * - tax = round(amount × tax_percent / 100);
 * - intervals read count-interval ('1-year').
 */

/** Spec: the total shown when the subscription carries no amount. */
const DEFAULT_TOTAL_CENTS = 99_999;

export { formatUsd };

/** The subscription's amount in cents, or the spec's default when it is missing. */
export function amountOrDefault(amount: number | null | undefined): number {
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : DEFAULT_TOTAL_CENTS;
}

/** Tax in cents: round(amount × tax_percent / 100); 0 without a tax percentage. */
export function taxAmount(amountCents: number, taxPercent: number | null | undefined): number {
  if (typeof taxPercent !== 'number' || !Number.isFinite(taxPercent) || taxPercent <= 0) return 0;
  return Math.round((amountCents * taxPercent) / 100);
}

/** Whether a tax percentage is known (then the total reads '+ tax', else '+ tax where applicable'). */
export const hasKnownTax = (taxPercent: number | null | undefined): boolean =>
  typeof taxPercent === 'number' && Number.isFinite(taxPercent) && taxPercent > 0;

/** The suffix after a total: '+ tax' when the tax rate is known, otherwise '+ tax where applicable'. */
export const taxSuffix = (taxPercent: number | null | undefined): string =>
  hasKnownTax(taxPercent) ? '+ tax' : '+ tax where applicable';

/** Amount, tax and their sum (cents) for a subscription, with the 99999-cent default. */
export function subscriptionTotals(sub: Pick<Subscription, 'amount' | 'tax_percent'> | null | undefined) {
  const amount = amountOrDefault(sub?.amount);
  const tax = taxAmount(amount, sub?.tax_percent);
  return { amount, tax, total: amount + tax };
}

/** Spec: intervals are shown as count-interval ('1-year', '6-month'). */
export function formatInterval(count: number | null | undefined, interval: string | null | undefined): string {
  return `${count && count > 0 ? count : 1}-${interval || 'year'}`;
}

/** '$12 / 1-year ($1/month)': the price with its interval and, for yearly plans, the monthly figure. */
export function formatPlanPrice(sub: Pick<Subscription, 'amount' | 'interval' | 'interval_count'>): string {
  const amount = amountOrDefault(sub.amount);
  const base = `${formatUsd(amount)} / ${formatInterval(sub.interval_count, sub.interval)}`;
  return sub.interval === 'year' && sub.interval_count === 1 ? `${base} (${formatUsd(amount, { perMonth: true })}/month)` : base;
}
