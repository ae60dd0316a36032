/**
 * Prices (spec): amounts are cents, shown in USD divided by 100, optionally per month (also
 * divided by 12), with a trailing '.00' trimmed: 1200 → '$12', 1250 → '$12.50', 1200/month → '$1'.
 */
export function formatUsd(cents: number, opts: { perMonth?: boolean } = {}): string {
  const dollars = cents / 100 / (opts.perMonth ? 12 : 1);
  const sign = dollars < 0 ? '-' : '';
  const fixed = Math.abs(dollars).toFixed(2).replace(/\.00$/, '');
  const [whole, frac] = fixed.split('.');
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}
