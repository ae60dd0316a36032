import { routes } from '#shared/api/routes';
import type { Account } from '#shared/domain/account';
import { apiCall } from '../../../lib/api-client';

/** POST /account/subscription/cancel: cancels the subscription now; answers the account. */
export function cancelAccountSubscription(): Promise<Account> {
  return apiCall(routes.cancelAccountSubscription, { body: {} });
}
