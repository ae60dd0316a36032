import { describe, expect, it } from 'vitest';
import { formatUsd } from './price-display';

describe('formatUsd', () => {
  it('divides cents by 100 and trims .00', () => {
    expect(formatUsd(1200)).toBe('$12');
    expect(formatUsd(1250)).toBe('$12.50');
    expect(formatUsd(99999)).toBe('$999.99');
    expect(formatUsd(0)).toBe('$0');
  });
  it('shows per month when asked', () => {
    expect(formatUsd(1200, { perMonth: true })).toBe('$1');
    expect(formatUsd(9900, { perMonth: true })).toBe('$8.25');
  });
  it('groups thousands and keeps the sign of refunds', () => {
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-1200)).toBe('-$12');
  });
});
