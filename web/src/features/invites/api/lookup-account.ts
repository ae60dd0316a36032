import { routes } from '#shared/api/routes';
import type { Account } from '#shared/domain/account';
import { withAccountRetry } from '#shared/rules/account-retry';
import { apiCall, errorCodeOf } from '../../../lib/api-client';

/** The signed-in user's account (GET /account, with the spec's retry while it is being created). */
export const lookupOwnAccount = (): Promise<Account> => withAccountRetry(() => apiCall(routes.lookupAccount), errorCodeOf);
