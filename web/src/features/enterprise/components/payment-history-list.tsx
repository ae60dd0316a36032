import { Alert } from '../../../components/ui/alert';
import { PaymentsTable } from '../../../components/ui/payments-table';
import { Spinner } from '../../../components/ui/spinner';
import type { Payment } from '#shared/domain/subscription';
import type { QueryState } from '../../../lib/api-query';
import { NO_PAYMENT_HISTORY } from '../messages';

/** The organisation's payments; with none, 'No payment history.' */
export function PaymentHistoryList({ state }: { state: QueryState<Payment[]> }) {
  if (state.status === 'pending') return <Spinner label="Loading payments…" showLabel />;
  if (state.status === 'error') {
    return (
      <Alert severity="error" title="Unable to load payments.">
        {state.error.message}
      </Alert>
    );
  }
  if (state.data.length === 0) return <p>{NO_PAYMENT_HISTORY}</p>;
  return (
    <div className="enterprise-table-wrap">
      <PaymentsTable payments={state.data} className="enterprise-table" />
    </div>
  );
}
