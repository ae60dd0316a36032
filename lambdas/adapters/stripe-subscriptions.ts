import type Stripe from 'stripe';
import { isMissingResource, stripe } from './stripe-client';

/** A customer's subscriptions, first page only (`status` unset: Stripe's default, those not ended). */
export async function listCustomerSubscriptions(
  customerId: string, options: { status?: 'all'; limit: number },
): Promise<Stripe.Subscription[]> {
  const params: Stripe.SubscriptionListParams = { customer: customerId, ...(options.status ? { status: options.status } : {}), limit: options.limit };
  return (await (await stripe()).subscriptions.list(params)).data;
}

/** Turns auto-renew off (true) or back on (false). */
export async function setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<void> {
  await (await stripe()).subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
}

/**
 * Cancels a subscription now; a retry or a concurrent call that finds it already canceled succeeds.
 * No idempotency key: Stripe ignores them on DELETE, and answers a second cancel with 404
 * "No such subscription" (the subscription stays retrievable), so the subscription itself is asked.
 */
export async function cancelSubscriptionOnce(subscriptionId: string): Promise<void> {
  const s = await stripe();
  try {
    await s.subscriptions.cancel(subscriptionId);
  } catch (e) {
    if (!isMissingResource(e)) throw e;
    const current = await s.subscriptions.retrieve(subscriptionId).catch(() => undefined);
    if (current?.status !== 'canceled' && current?.status !== 'incomplete_expired') throw e;
  }
}

/** Makes a payment method the subscription's default. */
export async function setSubscriptionDefaultPaymentMethod(subscriptionId: string, paymentMethodId: string): Promise<void> {
  await (await stripe()).subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId });
}

/** Creates a subscription under an idempotency key (the caller derives it from what it is for). */
export async function createSubscription(params: Stripe.SubscriptionCreateParams, idempotencyKey: string): Promise<Stripe.Subscription> {
  return (await stripe()).subscriptions.create(params, { idempotencyKey });
}

/** Attempts to collect an open invoice now, with the customer's (or subscription's) default payment method. */
export async function payInvoice(invoiceId: string): Promise<void> {
  await (await stripe()).invoices.pay(invoiceId);
}
