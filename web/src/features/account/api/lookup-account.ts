import { routes } from '#shared/api/routes';
import type { Account } from '#shared/domain/account';
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
