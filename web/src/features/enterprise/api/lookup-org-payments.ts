import { useEffect, useState } from 'react';
import { routes } from '#shared/api/routes';
import type { Payment } from '#shared/domain/subscription';
import { apiCall } from '../../../lib/api-client';

export type OrgPaymentsState =
  | { status: 'loading' }
  | { status: 'loaded'; payments: Payment[] }
  | { status: 'error'; error: Error };

/**
 * The organisation's payments: lookupAccount with includePayments, which answers the org's
 * payments when the caller is its admin.
 */
export function useOrgPayments(): OrgPaymentsState {
  const [state, setState] = useState<OrgPaymentsState>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    apiCall(routes.lookupAccount, { query: { includePayments: true }, signal: abort.signal })
      .then((a) => setState({ status: 'loaded', payments: a.payments ?? [] }))
      .catch((error: Error) => {
        if (!abort.signal.aborted) setState({ status: 'error', error });
      });
    return () => abort.abort();
  }, []);
  return state;
}
