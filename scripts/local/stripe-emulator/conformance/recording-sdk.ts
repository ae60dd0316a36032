// The official SDK pointed at the emulator, with an HTTP client that keeps every raw exchange, so
// the conformance test checks the JSON the emulator sent rather than what the SDK made of it.

import Stripe from 'stripe';
import type { StripeEmulator } from '../server';

export interface Exchange {
  /** The SDK method that made the request, e.g. `subscriptions.create`. */
  method: string;
  request: string;
  status: number;
  body: unknown;
}

export class RecordingSdk {
  readonly exchanges: Exchange[] = [];
  readonly stripe: Stripe;
  private current = '';

  constructor(emulator: StripeEmulator) {
    const record = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const res = await fetch(input, init);
      const url = new URL(String(input instanceof Request ? input.url : input));
      this.exchanges.push({
        method: this.current,
        request: `${init?.method ?? 'GET'} ${url.pathname}`,
        status: res.status,
        body: JSON.parse(await res.clone().text()),
      });
      return res;
    };
    this.stripe = new Stripe('sk_test_conformance', {
      host: '127.0.0.1',
      port: emulator.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
      httpClient: Stripe.createFetchHttpClient(record),
    });
  }

  /** Runs one SDK call, labelled with the method it uses; a Stripe error is recorded, not thrown. */
  async call<T>(method: string, fn: (stripe: Stripe) => Promise<T>): Promise<T> {
    this.current = method;
    return fn(this.stripe);
  }

  /** The same, for a call that must fail (its error body is checked too). */
  async fail(method: string, fn: (stripe: Stripe) => Promise<unknown>): Promise<Stripe.errors.StripeError> {
    this.current = method;
    try {
      await fn(this.stripe);
    } catch (e) {
      if (e instanceof Stripe.errors.StripeError) return e;
      throw e;
    }
    throw new Error(`${method} was expected to fail`);
  }
}
