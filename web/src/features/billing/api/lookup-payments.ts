import { useEffect, useState } from 'react';
import { routes } from '#shared/api/routes';
import type { Payment } from '#shared/domain/subscription';
import { apiCall } from '../../../lib/api-client';

export type PaymentsState = { status: 'loading' } | { status: 'loaded'; payments: Payment[] } | { status: 'error'; error: Error };

/** The payment history (lookupAccount with includePayments), fetched again when `key` changes. */
export function usePaymentHistory(enabled: boolean, key: unknown): PaymentsState {
  const [state, setState] = useState<PaymentsState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    apiCall(routes.lookupAccount, { query: { includePayments: true }, signal: abort.signal })
      .then((a) => setState({ status: 'loaded', payments: a.payments ?? [] }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      });
    return () => abort.abort();
  }, [enabled, key]);
  return state;
}
