import { PaymentsTable } from '../../../components/ui/payments-table';
import { Spinner } from '../../../components/ui/spinner';
import type { Payment } from '#shared/domain/subscription';
import type { QueryState } from '../../../lib/api-query';

/** The Payments list of the account page. */
export function PaymentHistory({ state }: { state: QueryState<Payment[]> }) {
  return (
    <div className="billing-payments">
      <h3>Payments</h3>
      {state.status === 'pending' && <Spinner label="Loading payments…" />}
      {state.status === 'error' && <p role="alert">Unable to load payments. {state.error.message}</p>}
      {state.status === 'success' && state.data.length === 0 && <p>No payments yet.</p>}
      {state.status === 'success' && state.data.length > 0 && (
        <PaymentsTable payments={state.data} className="billing-payments__table" />
      )}
    </div>
  );
}
