import { routes } from '#shared/api/routes';
import { requireUserRow } from '../account/lib/load-account';
import { createCheckoutSession } from '../adapters/stripe-checkout';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { billingOwnerOf } from './lib/billing-owner';
import { checkReturnUrl, withSessionId } from './lib/return-url';
import { paymentSessionMetadata } from './lib/update-payment-method';

/**
 * POST /billing/payment-method-sessions: a Checkout session in setup mode that saves a new card
 * for the caller's customer (account_type 'user') or their organisation's (account_type
 * 'organization', the org's admin only). The browser is sent to its URL; back on the site,
 * confirmUpdatePaymentSession makes the card the default.
 */
export const handler = defineHandler(routes.createUpdatePaymentSession, async ({ principal, body }) => {
  const cancelUrl = checkReturnUrl(body.cancel_url, 'cancel_url');
  const successUrl = withSessionId(checkReturnUrl(body.success_url, 'success_url'));
  const user = await requireUserRow(principal.userId);
  const owner = await billingOwnerOf(user, body.account_type);
  if (!owner.customerId) throw new DomainError('not_found', 'There is no billing account to update yet. Start a subscription first.');
  const metadata = paymentSessionMetadata(owner);
  const session = await createCheckoutSession({
    mode: 'setup',
    customer: owner.customerId,
    currency: 'usd',
    client_reference_id: user.userId,
    metadata,
    setup_intent_data: { metadata },
    success_url: successUrl,
    cancel_url: cancelUrl,
  });
  if (!session.url) throw new Error(`setup session ${session.id} has no url`);
  return { url: session.url };
});
