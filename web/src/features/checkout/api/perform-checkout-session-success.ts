import { routes } from '#shared/api/routes';
import type { Account } from '#shared/domain/account';
import { apiCall } from '../../../lib/api-client';

/** POST /checkout/sessions/success: completes the caller's finished Checkout; answers the account. */
export function performCheckoutSessionSuccess(sessionId: string): Promise<Account> {
  return apiCall(routes.performCheckoutSessionSuccess, { body: { session_id: sessionId } });
}
