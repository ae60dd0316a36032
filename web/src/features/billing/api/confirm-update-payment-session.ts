import { routes } from '#shared/api/routes';
import type { ResponseOf } from '#shared/api/route';
import { apiCall } from '../../../lib/api-client';
import type { BillingAccountType } from './create-update-payment-session';

export type ConfirmUpdatePaymentResult = ResponseOf<typeof routes.confirmUpdatePaymentSession>;

/** POST /billing/payment-method-sessions/confirm: makes the saved card the default; answers the account or organisation. */
export function confirmUpdatePaymentSession(sessionId: string, accountType: BillingAccountType): Promise<ConfirmUpdatePaymentResult> {
  return apiCall(routes.confirmUpdatePaymentSession, { body: { session_id: sessionId, account_type: accountType } });
}
