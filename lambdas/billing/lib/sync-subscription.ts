import type Stripe from 'stripe';
import { ORG_SK } from '../../adapters/orgs-repo';
import { idOf } from '../../adapters/stripe-client';
import { stripeObjects } from '../../adapters/stripe-objects';
import { writeSubscriptionSnapshot } from '../../adapters/subscription-writes';
import { usersRepo } from '../../adapters/users-repo';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { cardOf, subscriptionSnapshot } from './subscription-snapshot';

export interface SyncHint { userId?: string | null; orgId?: string | null }

/**
 * Re-fetches the subscription from Stripe and writes its whole snapshot to its owner (an
 * organisation when the subscription carries `orgId` metadata, else the user). Whatever order
 * events and concurrent requests arrive in, the stored state ends equal to Stripe's.
 */
export async function syncSubscription(subscriptionId: string, hint: SyncHint = {}): Promise<'user' | 'org' | 'unknown'> {
  const sub = await stripeObjects.subscription(subscriptionId, ['default_payment_method', 'customer']);
  const customer = sub.customer as Stripe.Customer | Stripe.DeletedCustomer;
  const customerId = idOf(sub.customer)!;
  const snapshot = subscriptionSnapshot(sub, config.stripeKnownPrices().premium);
  const defaultPm =
    sub.default_payment_method ??
    (!('deleted' in customer && customer.deleted) ? (customer as Stripe.Customer).invoice_settings?.default_payment_method : null);
  const card = typeof defaultPm === 'string' ? cardOf(await stripeObjects.paymentMethod(defaultPm)) : cardOf(defaultPm);

  const orgId = sub.metadata?.orgId || hint.orgId;
  if (orgId) {
    await writeSubscriptionSnapshot({ table: 'orgs', key: { orgId, sk: ORG_SK } }, { subscription: snapshot, stripeCustomerId: customerId, card });
    return 'org';
  }
  const userId = sub.metadata?.userId || hint.userId;
  const user = userId ? await usersRepo.get(userId) : await usersRepo.findByStripeCustomer(customerId);
  if (!user) {
    logger.warn('subscription without a known owner', { subscriptionId, customerId });
    return 'unknown';
  }
  // A snapshot fetched before a concurrent cancel never overwrites the ended one (see subscription-writes).
  await writeSubscriptionSnapshot({ table: 'users', key: { userId: user.userId } }, { stripeCustomerId: customerId, subscription: snapshot, card });
  return 'user';
}
