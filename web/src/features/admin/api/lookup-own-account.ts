import { routes } from '#shared/api/routes';
import type { Account } from '#shared/domain/account';
import { withAccountRetry } from '#shared/rules/account-retry';
import { apiCall, errorCodeOf } from '../../../lib/api-client';

/**
 * The signed-in user's own account (GET /account), for the staff check (isStaff) and the debug
 * dump; retried while the account is being created, as everywhere else.
 */
export function lookupOwnAccount(): Promise<Account> {
  return withAccountRetry(() => apiCall(routes.lookupAccount, {}), errorCodeOf);
}
