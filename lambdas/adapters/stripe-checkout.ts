import type Stripe from 'stripe';
import { stripe } from './stripe-client';

/** Creates a Checkout session (the caller decides its mode, customer, items and return URLs). */
export async function createCheckoutSession(params: Stripe.Checkout.SessionCreateParams): Promise<Stripe.Checkout.Session> {
  return (await stripe()).checkout.sessions.create(params);
}

/** Expires an open Checkout session, so it can no longer be paid. */
export async function expireCheckoutSession(sessionId: string): Promise<void> {
  await (await stripe()).checkout.sessions.expire(sessionId);
}

/** A customer's open Checkout sessions (first page, up to 20). */
export async function openCheckoutSessionsOf(customerId: string): Promise<Stripe.Checkout.Session[]> {
  return (await (await stripe()).checkout.sessions.list({ customer: customerId, status: 'open', limit: 20 })).data;
}
