import type { Payment } from '#shared/domain/subscription';
import { formatUsd } from '#shared/rules/price-display';
import { Spinner } from '../../../components/ui/spinner';
import { usePayments } from '../api/lookup-account';

const dateOf = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function statusText(p: Payment): string {
  if (p.refunds.length > 0) return `Refunded ${dateOf(p.refunds[0].created)}`;
  if (p.status === 'succeeded') return 'Paid';
  if (p.status === 'pending') return 'Pending';
  return p.status ? p.status[0].toUpperCase() + p.status.slice(1).replace(/_/g, ' ') : 'Unknown';
}

/** The payment history (lookupAccount with includePayments). */
export function PaymentsList() {
  const state = usePayments(true);
  return (
    <section className="account-card" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {state.status === 'loading' && <Spinner label="Loading payments…" />}
      {state.status === 'error' && <p role="alert">Unable to load payments. {state.error.message}</p>}
      {state.status === 'loaded' && state.payments.length === 0 && <p>No payments yet.</p>}
      {state.status === 'loaded' && state.payments.length > 0 && (
        <table className="payments">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
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
    </section>
  );
}
