import type Stripe from 'stripe';
import { idOf } from '../../adapters/stripe-client';
import { stripeObjects } from '../../adapters/stripe-objects';
import { syncSubscription } from '../../billing/lib/sync-subscription';
import { applyPaymentMethodUpdate, UPDATE_PAYMENT_PURPOSE } from '../../billing/lib/update-payment-method';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sendReceipt, sendRenewalReminder, sendTrialEnding } from './billing-mails';
import { verifiedCheckoutHint } from './checkout-owner';

/** The event types the product acts on; every other type is acknowledged and ignored. */
export const handledEventTypes = new Set<string>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  // The trial-ending notice and the renewal reminder (billing-mails.ts).
  'customer.subscription.trial_will_end',
  'invoice.upcoming',
]);

/** The subscription an invoice belongs to (moved under `parent` in recent API versions). */
function invoiceSubscription(invoice: Stripe.Invoice): string | undefined {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}

/** Applies one verified event: always by re-fetching state, never by trusting the payload. */
export async function applyStripeEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const sub = idOf(session.subscription);
      if (session.mode === 'subscription' && sub) {
        // The owner the event names counts only where Stripe's objects confirm it (checkout-owner.ts).
        await syncSubscription(sub, await verifiedCheckoutHint(session, sub));
      } else if (session.mode === 'setup' && session.metadata?.purpose === UPDATE_PAYMENT_PURPOSE) {
        // A card update whose customer never came back to the site still becomes the default.
        await applyCardUpdate(session.id);
      }
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncSubscription(event.data.object.id);
      return;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const sub = invoiceSubscription(event.data.object);
      if (!sub) return;
      await syncSubscription(sub);
      // The row first, the mail last: a failed mail retries the event, and the sync is harmless twice.
      if (event.type === 'invoice.paid' && event.data.object.id) await sendReceipt(event.data.object.id, sub);
      return;
    }
    // Like every event, these re-sync the subscription first (harmless, and the row is then never
    // behind what the mail says); the mail goes last, so a failed mail retries the event.
    case 'customer.subscription.trial_will_end':
      await syncSubscription(event.data.object.id);
      await sendTrialEnding(event.data.object.id);
      return;
    case 'invoice.upcoming': {
      // An upcoming invoice has no id of its own; its subscription says whether it still renews.
      const sub = invoiceSubscription(event.data.object);
      if (!sub) return;
      await syncSubscription(sub);
      await sendRenewalReminder(sub);
      return;
    }
  }
}

async function applyCardUpdate(sessionId: string): Promise<void> {
  const session = await stripeObjects.checkoutSession(sessionId);
  if (await isSupersededCardUpdate(session)) {
    logger.info('card update session superseded by a newer card', { sessionId });
    return;
  }
  try {
    await applyPaymentMethodUpdate(session);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    logger.warn('card update session not applied', { sessionId, reason: e.message });
  }
}

/**
 * Whether the customer's default card is newer than the card this session saved. Deliveries come
 * late and out of order: an older session's event must not put its card back over a newer one.
 */
async function isSupersededCardUpdate(session: Stripe.Checkout.Session): Promise<boolean> {
  const intentId = idOf(session.setup_intent);
  const customerId = idOf(session.customer);
  if (!intentId || !customerId) return false;
  const [intent, customer] = await Promise.all([
    stripeObjects.setupIntent(intentId, ['payment_method']),
    stripeObjects.customer(customerId, ['invoice_settings.default_payment_method']),
  ]);
  const saved = intent.payment_method;
  const current = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
  if (!saved || typeof saved === 'string' || !current || typeof current === 'string') return false;
  return current.id !== saved.id && current.created > saved.created;
}
