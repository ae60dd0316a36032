import type Stripe from 'stripe';
import { orgsRepo } from '../../adapters/orgs-repo';
import { idOf, isMissingResource } from '../../adapters/stripe-client';
import { stripeObjects } from '../../adapters/stripe-objects';
import { usersRepo } from '../../adapters/users-repo';
import type { SyncHint } from '../../billing/lib/sync-subscription';
import { logger } from '../../lib/logger';

/**
 * The owner a `checkout.session.completed` event names (`client_reference_id`, `metadata.orgId`),
 * kept only where Stripe's own objects confirm it (docs/security.md, trust boundary 3): the
 * subscription is re-fetched with its customer, and the named owner must hold that customer,
 * either as its stored `stripeCustomerId` or through the customer's or subscription's own metadata
 * (written by our server when it made them). Anything else is dropped, and the subscription is then
 * synced by its own metadata and customer only. A confirmed hint therefore never moves a
 * subscription to an owner that does not already hold its customer.
 */
export async function verifiedCheckoutHint(
  session: Pick<Stripe.Checkout.Session, 'id' | 'client_reference_id' | 'metadata'>,
  subscriptionId: string,
): Promise<SyncHint> {
  const orgId = session.metadata?.orgId;
  const userId = session.client_reference_id;
  if (!orgId && !userId) return {};
  let sub: Stripe.Subscription;
  try {
    sub = await stripeObjects.subscription(subscriptionId, ['customer']);
  } catch (e) {
    if (!isMissingResource(e)) throw e;
    logger.warn('checkout event names a subscription Stripe does not have', { sessionId: session.id, subscriptionId });
    return {};
  }
  const customerId = idOf(sub.customer);
  const customer = typeof sub.customer === 'object' && !('deleted' in sub.customer && sub.customer.deleted) ? (sub.customer as Stripe.Customer) : undefined;
  const hint: SyncHint = {};

  if (orgId) {
    const org = await orgsRepo.getOrg(orgId);
    const owns = !!org && (org.stripeCustomerId === customerId || sub.metadata?.orgId === orgId || customer?.metadata?.orgId === orgId);
    if (owns) hint.orgId = orgId;
    else logger.warn('checkout event names an organisation that does not hold its customer', { sessionId: session.id, orgId });
  }
  if (userId && !hint.orgId) {
    const user = await usersRepo.get(userId);
    const owns = !!user && (user.stripeCustomerId === customerId || sub.metadata?.userId === userId || customer?.metadata?.userId === userId);
    if (owns) hint.userId = userId;
    else logger.warn('checkout event names a user who does not hold its customer', { sessionId: session.id, userId });
  }
  return hint;
}
