import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';

export type BillingAccountType = 'user' | 'organization';

/** Query flag the card update comes back with (with session_id), as the account page's checkout return. */
export const CARD_RETURN_FLAG = { name: 'checkout', value: 'success' } as const;

/**
 * POST /billing/payment-method-sessions: a setup-mode Checkout to replace the card; answers the
 * URL to send the browser to. It comes back to `returnPath` with checkout=success&session_id=….
 */
export async function createUpdatePaymentSession(accountType: BillingAccountType, returnPath: string): Promise<string> {
  const back = new URL(returnPath, window.location.origin);
  const success = new URL(back);
  success.searchParams.set(CARD_RETURN_FLAG.name, CARD_RETURN_FLAG.value);
  const r = await apiCall(routes.createUpdatePaymentSession, {
    body: { account_type: accountType, success_url: success.toString(), cancel_url: back.toString() },
  });
  return r.url;
}
