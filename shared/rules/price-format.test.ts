import { describe, expect, it } from 'vitest';
import {
  amountOrDefault, formatInterval, formatPlanPrice, formatUsd, subscriptionTotals, taxAmount, taxSuffix,
} from './price-format';

describe('price format', () => {
  it('shows USD with .00 trimmed, optionally per month', () => {
    expect(formatUsd(1200)).toBe('$12');
    expect(formatUsd(1250)).toBe('$12.50');
    expect(formatUsd(1200, { perMonth: true })).toBe('$1');
  });

  it('defaults a missing amount to 99999 cents', () => {
    expect(amountOrDefault(undefined)).toBe(99999);
    expect(amountOrDefault(null)).toBe(99999);
    expect(amountOrDefault(0)).toBe(0);
    expect(subscriptionTotals(null)).toEqual({ amount: 99999, tax: 0, total: 99999 });
  });

  it('computes tax as round(amount × tax_percent / 100)', () => {
    expect(taxAmount(1200, 8.25)).toBe(99); // 99.0
    expect(taxAmount(1250, 7.5)).toBe(94); // 93.75
    expect(taxAmount(1000, 0.05)).toBe(1); // 0.5 rounds up
    expect(taxAmount(1200, null)).toBe(0);
    expect(subscriptionTotals({ amount: 1200, tax_percent: 10 })).toEqual({ amount: 1200, tax: 120, total: 1320 });
  });

  it("says '+ tax' with a known rate and '+ tax where applicable' without", () => {
    expect(taxSuffix(10)).toBe('+ tax');
    expect(taxSuffix(null)).toBe('+ tax where applicable');
    expect(taxSuffix(0)).toBe('+ tax where applicable');
  });

  it('shows intervals as count-interval', () => {
    expect(formatInterval(1, 'year')).toBe('1-year');
    expect(formatInterval(6, 'month')).toBe('6-month');
    expect(formatInterval(undefined, undefined)).toBe('1-year');
  });

  it('formats a plan price with its monthly figure for yearly plans', () => {
    expect(formatPlanPrice({ amount: 1200, interval: 'year', interval_count: 1 })).toBe('$12 / 1-year ($1/month)');
    expect(formatPlanPrice({ amount: 500, interval: 'month', interval_count: 1 })).toBe('$5 / 1-month');
  });
});
