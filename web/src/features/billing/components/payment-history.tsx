import { PaymentsTable } from '../../../components/ui/payments-table';
import { Spinner } from '../../../components/ui/spinner';
import type { PaymentsState } from '../api/lookup-payments';

/** The Payments list of the account page. */
export function PaymentHistory({ state }: { state: PaymentsState }) {
  return (
    <div className="billing-payments">
      <h3>Payments</h3>
      {state.status === 'loading' && <Spinner label="Loading payments…" />}
      {state.status === 'error' && <p role="alert">Unable to load payments. {state.error.message}</p>}
      {state.status === 'loaded' && state.payments.length === 0 && <p>No payments yet.</p>}
      {state.status === 'loaded' && state.payments.length > 0 && (
        <PaymentsTable payments={state.payments} className="billing-payments__table" />
      )}
    </div>
  );
}
