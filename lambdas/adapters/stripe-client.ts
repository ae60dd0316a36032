import Stripe from 'stripe';
import { getParameter } from '@aws-lambda-powertools/parameters/ssm';

/** The one Stripe API version the product is written against (current_period_* live on items). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

let client: Promise<Stripe> | undefined;

async function secretKey(): Promise<string> {
  if (process.env.STRIPE_SECRET_KEY) return process.env.STRIPE_SECRET_KEY;
  const name = process.env.STRIPE_SECRET_PARAM;
  if (!name) throw new Error('Set STRIPE_SECRET_KEY or STRIPE_SECRET_PARAM');
  const v = await getParameter(name, { decrypt: true, maxAge: 300 });
  if (!v) throw new Error(`SSM parameter ${name} is empty`);
  return v;
}

export async function webhookSecret(): Promise<string> {
  if (process.env.STRIPE_WEBHOOK_SECRET) return process.env.STRIPE_WEBHOOK_SECRET;
  const name = process.env.STRIPE_WEBHOOK_SECRET_PARAM;
  if (!name) throw new Error('Set STRIPE_WEBHOOK_SECRET or STRIPE_WEBHOOK_SECRET_PARAM');
  const v = await getParameter(name, { decrypt: true, maxAge: 300 });
  if (!v) throw new Error(`SSM parameter ${name} is empty`);
  return v;
}

/**
 * One SDK client per container. `STRIPE_API_BASE` (e.g. http://127.0.0.1:12111) points it at the
 * local emulator; unset, it talks to Stripe itself with whatever key is configured.
 */
export function stripe(): Promise<Stripe> {
  client ??= secretKey().then((key) => {
    const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : undefined;
    return new Stripe(key, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
      // No per-request latency telemetry sent back to Stripe (it is buffered per client, and under load
      // the SDK only warns that its buffer is full).
      telemetry: false,
      ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' } : {}),
    });
  });
  return client;
}
