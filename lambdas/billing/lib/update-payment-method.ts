import type Stripe from 'stripe';
import type { Organization } from '#shared/domain/organization';
import type { OrgRow } from '../../adapters/orgs-repo';
import { idOf } from '../../adapters/stripe-client';
import { setCustomerDefaultPaymentMethod } from '../../adapters/stripe-customer';
import { stripeObjects } from '../../adapters/stripe-objects';
import { listCustomerSubscriptions, payInvoice, setSubscriptionDefaultPaymentMethod } from '../../adapters/stripe-subscriptions';
import { usersRepo } from '../../adapters/users-repo';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { BillingOwner } from './billing-owner';
import { cardOf } from './subscription-snapshot';
import { syncSubscription } from './sync-subscription';

/** Marks the setup-mode Checkout sessions that replace a card (metadata.purpose). */
export const UPDATE_PAYMENT_PURPOSE = 'update_payment_method';

export const CARD_NOT_SAVED = 'The card was not saved. Please try again.';

/** What a card-update session carries, so the confirm call and the webhook know whose card it is. */
export function paymentSessionMetadata(owner: BillingOwner): Record<string, string> {
  return {
    purpose: UPDATE_PAYMENT_PURPOSE,
    userId: owner.user.userId,
    account_type: owner.type,
    ...(owner.type === 'organization' ? { orgId: owner.org.orgId } : {}),
  };
}

/** Whether a card-update session belongs to this billing owner (same purpose, account, customer). */
export function isOwnersPaymentSession(session: Stripe.Checkout.Session, owner: BillingOwner): boolean {
  const m = session.metadata ?? {};
  if (session.mode !== 'setup' || m.purpose !== UPDATE_PAYMENT_PURPOSE || m.account_type !== owner.type) return false;
  if (!owner.customerId || idOf(session.customer) !== owner.customerId) return false;
  return owner.type === 'organization' ? m.orgId === owner.org.orgId : m.userId === owner.user.userId;
}

const OVERDUE = new Set(['past_due', 'unpaid']);

/**
 * Makes the card saved by a completed setup-mode session the default of the customer
 * (`invoice_settings.default_payment_method`) and of each of its live subscriptions — Stripe
 * attaches the card but makes it nobody's default. Then the subscriptions are synced, so the
 * stored card is the new one. An overdue invoice is collected with the new card at once.
 * Idempotent: a second run (confirm call and webhook) changes nothing more.
 */
export async function applyPaymentMethodUpdate(session: Stripe.Checkout.Session): Promise<Stripe.PaymentMethod> {
  const setupIntentId = idOf(session.setup_intent);
  const customerId = idOf(session.customer);
  if (session.status !== 'complete' || !setupIntentId || !customerId) throw new DomainError('conflict', CARD_NOT_SAVED);
  const intent = await stripeObjects.setupIntent(setupIntentId, ['payment_method']);
  const pm = intent.payment_method;
  if (intent.status !== 'succeeded' || !pm || typeof pm === 'string') throw new DomainError('conflict', CARD_NOT_SAVED);

  await setCustomerDefaultPaymentMethod(customerId, pm.id);
  const orgId = session.metadata?.orgId;
  const userId = session.metadata?.userId;
  const hint = orgId ? { orgId } : { userId };
  // The default list holds the subscriptions that have not ended.
  const subs = await listCustomerSubscriptions(customerId, { limit: 20 });
  for (const sub of subs) {
    if (idOf(sub.default_payment_method) !== pm.id) {
      await setSubscriptionDefaultPaymentMethod(sub.id, pm.id);
    }
    if (OVERDUE.has(sub.status)) await collectOverdue(sub);
    await syncSubscription(sub.id, hint);
  }
  if (!orgId && userId && subs.length === 0) {
    // No live subscription to carry it: the card shown on the account page is stored directly.
    await usersRepo.update(userId, { card: cardOf(pm) });
  }
  return pm;
}

async function collectOverdue(sub: Stripe.Subscription): Promise<void> {
  const invoiceId = idOf(sub.latest_invoice);
  if (!invoiceId) return;
  try {
    const invoice = await stripeObjects.invoice(invoiceId);
    if (invoice.status === 'open') await payInvoice(invoiceId);
  } catch (e) {
    // The new card was declined too: the subscription stays past_due and Stripe keeps retrying.
    logger.warn('overdue invoice not collected with the new card', { subscriptionId: sub.id, error: (e as Error).message });
  }
}

/** The organisation as the API shows it. */
export const toOrganization = (org: OrgRow): Organization => ({
  orgId: org.orgId,
  name: org.name,
  seats: org.seats,
  subscription: org.subscription ?? null,
  adminEmail: org.adminEmail,
});
