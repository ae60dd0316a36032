import Stripe from 'stripe';
import { routes } from '#shared/api/routes';
import { environments, type EnvironmentConfig } from '../../infra/environments';
import { stripePriceParam, stripeSecretParam, stripeWebhookSecretParam } from '../../infra/names';
import { STRIPE_API_VERSION } from '../../lambdas/adapters/stripe-client';
import { handledEventTypes } from '../../lambdas/stripe/lib/handled-events';
import { ensureParameter, type ParameterStore } from './parameter-store';
import { CATALOG, ensureCatalogEntry } from './stripe-catalog';
import { ensureWebhookEndpoint } from './stripe-webhook-endpoint';

export interface StripeSetupOptions {
  env: EnvironmentConfig['name'];
  stripe: Stripe;
  store: ParameterStore;
  /** The deployed API's base URL (stack output ApiUrl); without it the webhook step is skipped. */
  apiUrl?: string;
  /** Stored as the secret-key SecureString when given. */
  secretKey?: string;
  log: (line: string) => void;
}

export interface StripeSetupResult {
  prices: Record<'premium' | 'enterprise', string>;
  webhookEndpointId?: string;
  /** Number of objects or parameters created or changed: 0 on a repeated run. */
  changes: number;
}

/** The endpoint URL Stripe posts to: the API base plus the route table's stripeWebhook path. */
const webhookUrl = (apiUrl: string) => apiUrl.replace(/\/+$/, '') + routes.stripeWebhook.path;

/** Stripe client for the operator's key; `apiBase` (e.g. http://127.0.0.1:12111) targets the local emulator. */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/**
 * Creates or finds the products, prices and webhook endpoint the product needs and stores what the
 * stacks read (infra/names.ts) in the parameter store. Idempotent: a second run finds everything,
 * writes nothing and says so.
 */
export async function runStripeSetup(o: StripeSetupOptions): Promise<StripeSetupResult> {
  const env = environments[o.env];
  let changes = 0;
  const param = async (name: string, value: string, type: 'String' | 'SecureString', what: string) => {
    const r = await ensureParameter(o.store, name, value, type);
    if (r !== 'unchanged') changes++;
    o.log(`  ${what.padEnd(22)} ${name} (${type}): ${r}`);
  };

  o.log('Stripe catalog:');
  const prices = {} as StripeSetupResult['prices'];
  for (const entry of CATALOG) {
    const r = await ensureCatalogEntry(o.stripe, entry);
    if (r.action === 'created') changes++;
    prices[r.plan] = r.priceId;
    o.log(`  ${entry.productName.padEnd(22)} ${r.action} product ${r.productId}, price ${r.priceId} (lookup key ${entry.lookupKey})`);
    for (const w of r.warnings) o.log(`  WARNING ${entry.productName}: ${w}`);
  }

  o.log(`Parameters (${o.store.where}):`);
  await param(stripePriceParam(env, 'premium'), prices.premium, 'String', 'Premium price id');
  await param(stripePriceParam(env, 'enterprise'), prices.enterprise, 'String', 'Enterprise price id');
  if (o.secretKey) await param(stripeSecretParam(env), o.secretKey, 'SecureString', 'Stripe secret key');
  else o.log(`  ${'Stripe secret key'.padEnd(22)} ${stripeSecretParam(env)}: not given (set STRIPE_SECRET_KEY to store it)`);

  if (!o.apiUrl) {
    o.log('Webhook endpoint: skipped (no --api-url). Deploy, then run again with --api-url <ApiUrl output>.');
    return { prices, changes };
  }
  const url = webhookUrl(o.apiUrl);
  const events = [...handledEventTypes].sort();
  const hook = await ensureWebhookEndpoint(o.stripe, url, events, STRIPE_API_VERSION);
  if (hook.action !== 'found') changes++;
  o.log(`Webhook endpoint: ${hook.action} ${hook.endpoint.id} ${url}`);
  o.log(`  events: ${events.join(', ')}`);
  for (const w of hook.warnings) o.log(`  WARNING: ${w}`);

  const secretName = stripeWebhookSecretParam(env);
  if (hook.secret) {
    await param(secretName, hook.secret, 'SecureString', 'Webhook signing secret');
  } else if ((await o.store.get(secretName)) === undefined) {
    // Stripe shows an existing endpoint's secret only in the dashboard, never through the API.
    throw new Error(
      `Webhook endpoint ${hook.endpoint.id} exists but ${secretName} is missing. Copy its signing secret from the ` +
      `Stripe dashboard (Developers > Webhooks > the endpoint > Signing secret) into that SecureString parameter, then run this again.`,
    );
  } else {
    o.log(`  ${'Webhook signing secret'.padEnd(22)} ${secretName} (SecureString): present`);
  }
  return { prices, webhookEndpointId: hook.endpoint.id, changes };
}
