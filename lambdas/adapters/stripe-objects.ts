import type Stripe from 'stripe';
import { stripe } from './stripe-client';

/**
 * Stripe objects read by id. Webhook handling re-fetches what an event names rather than trusting
 * the event's copy (docs/architecture.md, "Stripe"), so duplicate and out-of-order deliveries converge.
 */
export const stripeObjects = {
  async subscription(id: string, expand?: string[]): Promise<Stripe.Subscription> {
    return (await stripe()).subscriptions.retrieve(id, expand ? { expand } : undefined);
  },

  async invoice(id: string): Promise<Stripe.Invoice> {
    return (await stripe()).invoices.retrieve(id);
  },

  async checkoutSession(id: string): Promise<Stripe.Checkout.Session> {
    return (await stripe()).checkout.sessions.retrieve(id);
  },

  async setupIntent(id: string, expand?: string[]): Promise<Stripe.SetupIntent> {
    return (await stripe()).setupIntents.retrieve(id, expand ? { expand } : undefined);
  },

  async paymentMethod(id: string): Promise<Stripe.PaymentMethod> {
    return (await stripe()).paymentMethods.retrieve(id);
  },

  /** A customer, or Stripe's stub of a deleted one. */
  async customer(id: string, expand?: string[]): Promise<Stripe.Customer | Stripe.DeletedCustomer> {
    return (await stripe()).customers.retrieve(id, expand ? { expand } : undefined);
  },
};
