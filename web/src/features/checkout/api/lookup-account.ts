import { useEffect, useState } from 'react';
import { routes } from '#shared/api/routes';
import type { Account, AbTestGroup } from '#shared/domain/account';
import { withAccountRetry } from '#shared/rules/account-retry';
import { apiCall, errorCodeOf } from '../../../lib/api-client';

/**
 * The account as checkout needs it (subscription state and A/B group), with the spec's retry while
 * the account is being created — a user who just signed up lands here first.
 */
export function lookupCheckoutAccount(forceGroup?: AbTestGroup, signal?: AbortSignal): Promise<Account> {
  return withAccountRetry(
    () => apiCall(routes.lookupAccount, { query: { includeAbTest: true, forceAbTestV2Group: forceGroup }, signal }),
    errorCodeOf,
  );
}

export type CheckoutAccountState =
  | { status: 'loading' }
  | { status: 'loaded'; account: Account }
  | { status: 'error'; error: Error };

/** Loads the signed-in user's account when `enabled`; `reload` fetches it again. */
export function useCheckoutAccount(enabled: boolean, forceGroup?: AbTestGroup) {
  const [state, setState] = useState<CheckoutAccountState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setState({ status: 'loading' });
    lookupCheckoutAccount(forceGroup, abort.signal)
      .then((account) => setState({ status: 'loaded', account }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      });
    return () => abort.abort();
  }, [enabled, forceGroup, generation]);
  return { state, reload: () => setGeneration((g) => g + 1) };
}
