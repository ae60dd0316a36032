import Stripe from 'stripe';
import { config } from '../lib/config';
import { secureParameter } from './parameters-client';

/** The one Stripe API version the product is written against (current_period_* live on items). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/**
 * A hanging Stripe must still end in a clean error inside the Lambda's 15 s (and API Gateway's
 * 30 s): one call costs at most 2 attempts × 5 s plus a short back-off. The SDK's defaults (80 s
 * per attempt) would let the Lambda time out first and the user get API Gateway's bare 500.
 * `STRIPE_TIMEOUT_MS` overrides the per-attempt timeout (tests use a short one).
 */
const STRIPE_TIMEOUT_MS = 5_000;
const STRIPE_MAX_NETWORK_RETRIES = 1;

let client: Promise<Stripe> | undefined;

async function secretKey(): Promise<string> {
  const key = config.stripeSecretKey();
  if (key) return key;
  const name = config.stripeSecretKeyParam();
  if (!name) throw new Error('Set STRIPE_SECRET_KEY or STRIPE_SECRET_PARAM');
  return secureParameter(name);
}

export async function webhookSecret(): Promise<string> {
  const secret = config.stripeWebhookSecret();
  if (secret) return secret;
  const name = config.stripeWebhookSecretParam();
  if (!name) throw new Error('Set STRIPE_WEBHOOK_SECRET or STRIPE_WEBHOOK_SECRET_PARAM');
  return secureParameter(name);
}

/**
 * The secret being retired during a webhook-secret rotation (docs/operations.md): optional, and
 * read only when the current secret does not verify, so outside a rotation nothing changes.
 */
async function previousWebhookSecret(): Promise<string | undefined> {
  const value = config.stripePreviousWebhookSecret();
  if (value) return value;
  const name = config.stripePreviousWebhookSecretParam();
  return name ? secureParameter(name).catch(() => undefined) : undefined;
}

/**
 * The event a webhook delivery carries, its signature checked on the raw body with the current
 * secret, else (during a rotation) with the previous one; undefined when neither verifies.
 */
export async function verifiedWebhookEvent(rawBody: string | Buffer, signature: string): Promise<Stripe.Event | undefined> {
  const s = await stripe();
  try {
    return s.webhooks.constructEvent(rawBody, signature, await webhookSecret());
  } catch {
    const previous = await previousWebhookSecret();
    if (!previous) return undefined;
    try {
      return s.webhooks.constructEvent(rawBody, signature, previous);
    } catch {
      return undefined;
    }
  }
}

/**
 * One SDK client per container. `STRIPE_API_BASE` (e.g. http://127.0.0.1:12111) points it at the
 * local emulator; unset, it talks to Stripe itself with whatever key is configured.
 */
export function stripe(): Promise<Stripe> {
  client ??= secretKey().then((key) => {
    const apiBase = config.stripeApiBase();
    const base = apiBase ? new URL(apiBase) : undefined;
    return new Stripe(key, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
      timeout: config.stripeTimeoutMs() ?? STRIPE_TIMEOUT_MS,
      // No per-request latency telemetry sent back to Stripe (it is buffered per client, and under load
      // the SDK only warns that its buffer is full).
      telemetry: false,
      ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' } : {}),
    });
  }).catch((e: unknown) => {
    // A failed key read (e.g. SSM throttled) is retried on the next call, not kept for the container's life.
    client = undefined;
    throw e;
  });
  return client;
}

/** Stripe's "No such …" answer (an id that does not exist, or belongs to another account/mode). */
export const isMissingResource = (e: unknown): boolean =>
  e instanceof Stripe.errors.StripeInvalidRequestError && (e.code === 'resource_missing' || e.statusCode === 404);

/** Any error Stripe itself answered with a 4xx (bad request, card error, idempotency...). */
export const isStripeClientError = (e: unknown): e is Stripe.errors.StripeError =>
  e instanceof Stripe.errors.StripeError && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500;

/** The id of an expandable field, whether Stripe sent the id or the expanded object. */
export const idOf = (x: string | { id: string } | null | undefined): string | undefined => (typeof x === 'string' ? x : x?.id);
