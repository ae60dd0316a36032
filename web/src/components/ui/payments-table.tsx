import type { Payment } from '#shared/domain/subscription';
import { formatUsd } from '#shared/rules/price-display';

/** A unix-seconds time as a short date ('Mar 4, 2027'). */
export const formatDate = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function statusText(p: Payment): string {
  if (p.refunds.length > 0) return `Refunded ${formatDate(p.refunds[0].created)}`;
  if (p.status === 'succeeded') return 'Paid';
  if (p.status === 'pending') return 'Pending';
  return p.status ? p.status.charAt(0).toUpperCase() + p.status.slice(1).replace(/_/g, ' ') : 'Unknown';
}

/**
 * Payments as a table: date, plan (the price nickname), amount in USD, status, receipt. On a phone
 * each payment folds into a small card, every value under its column's name (styles.css).
 */
export function PaymentsTable({ payments, className }: { payments: Payment[]; className?: string }) {
  return (
    <table className={['payments-table', className].filter(Boolean).join(' ')}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Plan</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">Receipt</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.id}>
            <td data-label="Date">{formatDate(p.created)}</td>
            <td data-label="Plan">{p.nickname ?? 'Payment'}</td>
            <td data-label="Amount">{formatUsd(p.amount)}</td>
            <td data-label="Status">{statusText(p)}</td>
            <td data-label="Receipt">
              {p.receipt_url ? (
                <a href={p.receipt_url} target="_blank" rel="noopener noreferrer">
                  View receipt
                </a>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
