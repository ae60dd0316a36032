import { routes } from '#shared/api/routes';
import type { Account } from '#shared/domain/account';
import { apiCall } from '../../../lib/api-client';

/** POST /account/subscription/cancel-at-period-end: true turns auto-renew off, false on again. */
export function updateAccountCancelAtPeriodEnd(cancelAtPeriodEnd: boolean): Promise<Account> {
  return apiCall(routes.updateAccountCancelAtPeriodEnd, { body: { cancel_at_period_end: cancelAtPeriodEnd } });
}
