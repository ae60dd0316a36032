import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type Stripe from 'stripe';
import { routes } from '#shared/api/routes';
import { dynamoBase } from '../adapters/dynamo-client';
import { secureParameter } from '../adapters/parameters-client';
import { stripe, webhookSecret } from '../adapters/stripe-client';
import { config, tableName } from '../lib/config';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { header } from '../lib/http';
import { logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';
import { applyStripeEvent, handledEventTypes } from './handled-events';

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

let applyOnce: ((e: Stripe.Event) => Promise<void>) | undefined;
const idempotencyConfig = new IdempotencyConfig({ eventKeyJmesPath: 'id', expiresAfterSeconds: 7 * 24 * 3600 });

/** Each event id is applied once; Stripe's retries of a finished event are answered from the record. */
function idempotentApply() {
  applyOnce ??= makeIdempotent(
    async (e: Stripe.Event) => {
      await applyStripeEvent(e);
      countEvent('StripeWebhookHandled', { eventType: e.type }); // here, not after: a replayed event id is not counted again
    },
    {
      persistenceStore: new DynamoDBPersistenceLayer({ tableName: tableName('idempotency'), awsSdkV3Client: dynamoBase() }),
      config: idempotencyConfig,
    },
  );
  return applyOnce;
}

export const handler = defineHandler(routes.stripeWebhook, async ({ rawBody, event, context }) => {
  idempotencyConfig.registerLambdaContext(context);
  const signature = header(event, 'stripe-signature');
  if (!signature) throw new DomainError('bad_request', 'Missing Stripe-Signature header.');
  let stripeEvent: Stripe.Event;
  try {
    stripeEvent = (await stripe()).webhooks.constructEvent(rawBody, signature, await webhookSecret());
  } catch {
    const previous = await previousWebhookSecret();
    try {
      if (!previous) throw new Error('no previous secret');
      stripeEvent = (await stripe()).webhooks.constructEvent(rawBody, signature, previous);
    } catch {
      throw new DomainError('bad_request', 'Invalid Stripe signature.');
    }
  }
  if (!handledEventTypes.has(stripeEvent.type)) {
    logger.debug('ignored stripe event', { type: stripeEvent.type });
    return { received: true as const };
  }
  await idempotentApply()(stripeEvent);
  return { received: true as const };
});
