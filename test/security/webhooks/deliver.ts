import type { IncomingMessage } from 'node:http';
import type Stripe from 'stripe';
import { routes } from '#shared/api/routes';
import { stripe } from '../../../lambdas/adapters/stripe-client';
import { handler } from '../../../lambdas/stripe/stripe-webhook';
import { toApiEvent } from '../../../scripts/local/api-events';
import { lambdaContext } from '../../../scripts/local/api-server';
import { withFault, type Fault } from './delivery-faults';

export interface Signing {
  /** Default: the endpoint's secret. */
  secret?: string;
  /** Unix seconds in the header; default now. */
  timestamp?: number;
  /** Leave the Stripe-Signature header out. */
  omitHeader?: boolean;
  /** Changes the body after it was signed. */
  alter?: (payload: string) => string;
}

export interface Delivery { status: number; body: { code?: string; message?: string }; faultFired: boolean }

/**
 * One POST of an event to the webhook route, as Stripe makes it: the raw JSON body signed with
 * `t=…,v1=…`, handed to the route's handler in an API Gateway (payload 2.0) event, in this
 * process so faults can be injected.
 */
export async function deliver(event: Stripe.Event, opts: Signing & { fault?: Fault } = {}): Promise<Delivery> {
  const payload = JSON.stringify(event);
  const header = (await stripe()).webhooks.generateTestHeaderString({
    payload, secret: opts.secret ?? process.env.STRIPE_WEBHOOK_SECRET!, timestamp: opts.timestamp,
  });
  const body = opts.alter ? opts.alter(payload) : payload;
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    ...(opts.omitHeader ? {} : { 'stripe-signature': header }),
  };
  const req = { headers, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const apiEvent = toApiEvent({
    req, route: routes.stripeWebhook, url: new URL(`http://127.0.0.1${routes.stripeWebhook.path}`), body: Buffer.from(body), pathParameters: {},
  });
  const { result, fired } = await withFault(opts.fault, () => handler(apiEvent, lambdaContext(routes.stripeWebhook.id)));
  return { status: result.statusCode ?? 200, body: JSON.parse(result.body ?? '{}') as Delivery['body'], faultFired: fired };
}
