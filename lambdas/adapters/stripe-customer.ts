import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { tableName } from '../lib/config';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { dynamo, isConditionalCheckFailed } from './dynamo-client';
import { isMissingResource, stripe } from './stripe-client';
import { usersRepo, type UserRow } from './users-repo';

/**
 * The one place a user's Stripe customer is made (docs/architecture.md, "Stripe": `createOrRetrieveCustomer`).
 *
 * A user gets exactly one customer, however often and however concurrently checkout is started:
 * 1. the user row already names one → that one;
 * 2. a customer carrying `metadata.userId` exists (a crash after creating it, before the row was
 *    written) → that one;
 * 3. otherwise it is created with an Idempotency-Key derived from the user, so retries and
 *    concurrent calls within Stripe's 24 h key window get the same customer back;
 * 4. the id is written to the user row with a condition (no customer yet, or this same one). If
 *    another call got there first with a different customer, its customer wins and ours is left
 *    unused (logged).
 */
export async function createOrRetrieveCustomer(user: Pick<UserRow, 'userId' | 'email' | 'stripeCustomerId'>): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const s = await stripe();
  const existing = await findCustomerOfUser(s, user.userId);
  const customerId =
    existing ??
    (
      await s.customers.create(
        { email: user.email, metadata: { userId: user.userId } },
        { idempotencyKey: customerIdempotencyKey(user.userId, user.email) },
      )
    ).id;
  return claimCustomer(user.userId, customerId);
}

/** Same user and e-mail → same key (a changed e-mail must not replay another body under the key). */
const customerIdempotencyKey = (userId: string, email: string) =>
  `fps-customer-${userId}-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;

/**
 * How many subscriptions (any status) Stripe holds for the other customers with this e-mail: the
 * customers of a deleted account (kept for billing records, docs/billing.md) or of an earlier sign-up
 * under the same address. Nothing is stored for this: Stripe's customer records already are the
 * history. Search is eventually consistent (about a minute) and unavailable in a few regions: then
 * 0, logged.
 */
export async function subscriptionsOfOtherCustomersByEmail(email: string, exceptCustomerId: string): Promise<number> {
  const s = await stripe();
  const addresses = [...new Set([email, email.trim().toLowerCase()])];
  let customers: Stripe.Customer[];
  try {
    const results = await Promise.all(
      addresses.map((a) => s.customers.search({ query: `email:'${a.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`, limit: 20 })),
    );
    customers = results.flatMap((r) => r.data).filter((c) => c.id !== exceptCustomerId);
  } catch (e) {
    logger.warn('customer search by e-mail failed', { error: (e as Error).message });
    return 0;
  }
  let count = 0;
  for (const id of new Set(customers.map((c) => c.id))) {
    count += (await s.subscriptions.list({ customer: id, status: 'all', limit: 1 })).data.length;
    if (count > 0) break;
  }
  return count;
}

/** Stripe's search is eventually consistent; it covers crashes older than the idempotency window. */
async function findCustomerOfUser(s: Stripe, userId: string): Promise<string | undefined> {
  try {
    const found = await s.customers.search({ query: `metadata['userId']:'${userId.replace(/'/g, "\\'")}'`, limit: 10 });
    // The oldest one, so every caller settles on the same customer.
    return [...found.data].sort((a, b) => a.created - b.created)[0]?.id;
  } catch (e) {
    // Search is unavailable in some regions; creating with the idempotency key still holds.
    logger.warn('customer search failed', { error: (e as Error).message });
    return undefined;
  }
}

/** Writes the customer id to the user row unless the row already holds a different one; returns the winner. */
async function claimCustomer(userId: string, customerId: string): Promise<string> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        ConditionExpression: 'attribute_exists(userId) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :c)',
        UpdateExpression: 'SET stripeCustomerId = :c, updated = :u',
        ExpressionAttributeValues: { ':c': customerId, ':u': new Date().toISOString() },
      }),
    );
    return customerId;
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    const row = await usersRepo.get(userId);
    if (!row) throw new DomainError('account_not_ready', 'Your account is being created. Please retry.');
    if (!row.stripeCustomerId) throw e;
    logger.warn('another Stripe customer was stored first; leaving this one unused', { userId, kept: row.stripeCustomerId, unused: customerId });
    return row.stripeCustomerId;
  }
}

/** A customer by id (a deleted one too); undefined when Stripe has no such customer. */
export async function retrieveCustomer(id: string): Promise<Stripe.Customer | Stripe.DeletedCustomer | undefined> {
  try {
    return await (await stripe()).customers.retrieve(id);
  } catch (e) {
    if (isMissingResource(e)) return undefined;
    throw e;
  }
}

/** The first customer Stripe lists with exactly this e-mail. */
export async function findCustomerByEmail(email: string): Promise<Stripe.Customer | undefined> {
  return (await (await stripe()).customers.list({ email, limit: 1 })).data[0];
}

/** Every subscription of a customer, whatever its status. */
export async function* subscriptionsOfCustomer(customerId: string): AsyncGenerator<Stripe.Subscription> {
  yield* (await stripe()).subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
}

/** Cancels a subscription now, with a note for whoever reads it in the Stripe dashboard. */
export async function cancelSubscriptionNow(subscriptionId: string, comment: string): Promise<void> {
  await (await stripe()).subscriptions.cancel(subscriptionId, { cancellation_details: { comment } });
}

/** Changes the customer's e-mail (where Stripe sends receipts). */
export async function updateCustomerEmail(customerId: string, email: string): Promise<void> {
  await (await stripe()).customers.update(customerId, { email });
}

/** Makes a payment method the customer's default for invoices (`invoice_settings.default_payment_method`). */
export async function setCustomerDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
  await (await stripe()).customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
}

/** Attaches a payment method to a customer. */
export async function attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<Stripe.PaymentMethod> {
  return (await stripe()).paymentMethods.attach(paymentMethodId, { customer: customerId });
}

/** An organisation's customer, created once per org id (the idempotency key is derived from it). */
export async function createOrgCustomer(org: { orgId: string; name: string; adminEmail: string }): Promise<string> {
  const customer = await (await stripe()).customers.create(
    { email: org.adminEmail, name: org.name, metadata: { orgId: org.orgId } },
    { idempotencyKey: `fps-org-customer-${org.orgId}` },
  );
  return customer.id;
}
