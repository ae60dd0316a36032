// Shared by the emulator's tests: start an emulator with an SDK client pointed at it,
// a webhook receiver that verifies signatures with the SDK, and the hosted page's form.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './server';

export const WEBHOOK_SECRET = 'whsec_local';

export function sdkFor(emulator: StripeEmulator, key = 'sk_test_local'): Stripe {
  // maxNetworkRetries 0: a test should see the emulator's first answer.
  return new Stripe(key, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
}

export async function startWithSdk(
  opts: Partial<StripeEmulatorOptions> = {},
): Promise<{ emulator: StripeEmulator; stripe: Stripe }> {
  const emulator = await startStripeEmulator({ port: 0, webhookSecret: WEBHOOK_SECRET, log: false, ...opts });
  return { emulator, stripe: sdkFor(emulator) };
}

export interface ReceivedWebhook {
  event: Stripe.Event;
  signature: string;
}

/**
 * A tiny webhook endpoint. Every delivery is checked with `stripe.webhooks.constructEvent`
 * exactly as the product's handler does; deliveries that fail verification are kept in `rejected`.
 */
export class WebhookReceiver {
  /** The signing secret deliveries are checked with (an endpoint made through the API has its own). */
  secret = WEBHOOK_SECRET;
  readonly received: ReceivedWebhook[] = [];
  readonly rejected: string[] = [];
  /** Status codes to answer with, in order; 200 once exhausted. */
  statuses: number[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const signature = String(req.headers['stripe-signature'] ?? '');
        const status = this.statuses.shift() ?? 200;
        try {
          const event = Stripe.webhooks.constructEvent(raw, signature, this.secret);
          if (status < 300) this.received.push({ event, signature });
        } catch (err) {
          this.rejected.push((err as Error).message);
        }
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
    return this;
  }

  types(): string[] {
    return this.received.map((r) => r.event.type);
  }

  ofType<T extends Stripe.Event['type']>(type: T): Extract<Stripe.Event, { type: T }>[] {
    return this.received.filter((r) => r.event.type === type).map((r) => r.event as Extract<Stripe.Event, { type: T }>);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface CardFields {
  card_number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
  email?: string;
}

export const GOOD_CARD: CardFields = { card_number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' };

/** Submits the hosted checkout form as a browser would (without following the redirect). */
export async function submitHostedCheckout(sessionUrl: string, fields: CardFields): Promise<Response> {
  const body = new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
  return fetch(sessionUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
}

export async function waitFor<T>(fn: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const DAY = 86_400;

/** A Premium subscription bought on the hosted page by a new customer (a trial of `trialDays`, none if null): its id. */
export async function buyPremium(stripe: Stripe, email: string, trialDays: number | null): Promise<string> {
  const customer = await stripe.customers.create({ email });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_premium_yearly', quantity: 1 }],
    subscription_data: trialDays ? { trial_period_days: trialDays } : {},
    success_url: 'http://localhost:5173/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/checkout/account?checkout=cancel',
  });
  const paid = await submitHostedCheckout(session.url!, GOOD_CARD);
  if (paid.status !== 303) throw new Error(`the hosted page answered ${paid.status}, not 303`);
  return (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
}
