import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type Stripe from 'stripe';
import { routes } from '#shared/api/routes';
import { idempotencyStore } from '../adapters/idempotency-store';
import { verifiedWebhookEvent } from '../adapters/stripe-client';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { header } from '../lib/http';
import { logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';
import { applyStripeEvent, handledEventTypes } from './lib/handled-events';

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
      persistenceStore: idempotencyStore(),
      config: idempotencyConfig,
    },
  );
  return applyOnce;
}

export const handler = defineHandler(routes.stripeWebhook, async ({ rawBody, event, context }) => {
  idempotencyConfig.registerLambdaContext(context);
  const signature = header(event, 'stripe-signature');
  if (!signature) throw new DomainError('bad_request', 'Missing Stripe-Signature header.');
  const stripeEvent = await verifiedWebhookEvent(rawBody, signature);
  if (!stripeEvent) throw new DomainError('bad_request', 'Invalid Stripe signature.');
  if (!handledEventTypes.has(stripeEvent.type)) {
    logger.debug('ignored stripe event', { type: stripeEvent.type });
    return { received: true as const };
  }
  await idempotentApply()(stripeEvent);
  return { received: true as const };
});
