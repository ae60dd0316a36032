import type { Payment } from '#shared/domain/subscription';
import { formatUsd } from '#shared/rules/price-display';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import type { OrgPaymentsState } from '../api/lookup-org-payments';
import { NO_PAYMENT_HISTORY } from '../messages';
import { formatDate } from './format-date';

function statusText(p: Payment): string {
  if (p.refunds.length > 0) return `Refunded ${formatDate(p.refunds[0]!.created)}`;
  if (p.status === 'succeeded') return 'Paid';
  if (p.status === 'pending') return 'Pending';
  return p.status ? p.status[0]!.toUpperCase() + p.status.slice(1).replace(/_/g, ' ') : 'Unknown';
}

/** The organisation's payments; with none, 'No payment history.' */
export function PaymentHistoryList({ state }: { state: OrgPaymentsState }) {
  if (state.status === 'loading') return <Spinner label="Loading payments…" showLabel />;
  if (state.status === 'error') {
    return (
      <Alert severity="error" title="Unable to load payments.">
        {state.error.message}
      </Alert>
    );
  }
  if (state.payments.length === 0) return <p>{NO_PAYMENT_HISTORY}</p>;
  return (
    <div className="enterprise-table-wrap">
      <table className="enterprise-table">
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
              <td>{formatDate(p.created)}</td>
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
    </div>
  );
}
