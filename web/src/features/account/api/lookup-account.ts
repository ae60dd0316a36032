import { useEffect, useState } from 'react';
import { routes } from '#shared/api/routes';
import type { Account } from '#shared/domain/account';
import type { Payment } from '#shared/domain/subscription';
import { withAccountRetry } from '#shared/rules/account-retry';
import { apiCall, errorCodeOf } from '../../../lib/api-client';

/** GET /account: the signed-in user's account (options as the spec names them). */
export function lookupAccount(
  options: { includePayments?: boolean; includeAbTest?: boolean; forceAbTestV2Group?: 'A' | 'B' } = {},
  signal?: AbortSignal,
): Promise<Account> {
  return apiCall(routes.lookupAccount, { query: options, signal });
}

/**
 * The lookup as the account provider makes it: while the account is not created yet (the retry
 * code), retried up to 5 times, 100 ms × attempt² apart; any other error is thrown.
 */
export const lookupAccountWithRetry = (): Promise<Account> => withAccountRetry(() => lookupAccount(), errorCodeOf);

export type PaymentsState =
  | { status: 'loading' }
  | { status: 'loaded'; payments: Payment[] }
  | { status: 'error'; error: Error };

/** The payment history (lookupAccount with includePayments), fetched when `enabled`. */
export function usePayments(enabled: boolean): PaymentsState {
  const [state, setState] = useState<PaymentsState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setState({ status: 'loading' });
    lookupAccount({ includePayments: true }, abort.signal)
      .then((a) => setState({ status: 'loaded', payments: a.payments ?? [] }))
      .catch((error: Error) => {
        if (!abort.signal.aborted) setState({ status: 'error', error });
      });
    return () => abort.abort();
  }, [enabled]);
  return state;
}
