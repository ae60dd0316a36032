import type { Payment } from '#shared/domain/subscription';
import { formatUsd } from '#shared/rules/price-format';
import { Spinner } from '../../../components/ui/spinner';
import type { PaymentsState } from '../api/lookup-payments';

const dateOf = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function statusText(p: Payment): string {
  if (p.refunds.length > 0) return `Refunded ${dateOf(p.refunds[0].created)}`;
  if (p.status === 'succeeded') return 'Paid';
  if (p.status === 'pending') return 'Pending';
  return p.status ? p.status.charAt(0).toUpperCase() + p.status.slice(1).replace(/_/g, ' ') : 'Unknown';
}

/** The Payments list: date, plan (the price nickname), amount in USD, status, receipt. */
export function PaymentHistory({ state }: { state: PaymentsState }) {
  return (
    <div className="billing-payments">
      <h3>Payments</h3>
      {state.status === 'loading' && <Spinner label="Loading payments…" />}
      {state.status === 'error' && <p role="alert">Unable to load payments. {state.error.message}</p>}
      {state.status === 'loaded' && state.payments.length === 0 && <p>No payments yet.</p>}
      {state.status === 'loaded' && state.payments.length > 0 && (
        <table className="billing-payments__table">
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
            {state.payments.map((p) => (
              <tr key={p.id}>
                <td>{dateOf(p.created)}</td>
                <td>{p.nickname ?? 'Payment'}</td>
                <td>{formatUsd(p.amount)}</td>
                <td>{statusText(p)}</td>
                <td>
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
      )}
    </div>
  );
}
