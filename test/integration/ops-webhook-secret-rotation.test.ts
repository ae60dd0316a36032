import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { deliver } from '../security/webhooks/deliver';

/**
 * docs/operations.md "Rotating the webhook signing secret": while Stripe and the stored secret
 * change over, deliveries signed with either the new or the retiring secret are accepted (200);
 * any other signature is refused (400, so Stripe keeps retrying and the dashboard shows it).
 */
describe('webhook signature check during a secret rotation', () => {
  const current = process.env.STRIPE_WEBHOOK_SECRET!;
  const retiring = 'whsec_retiring_0123456789';
  afterEach(() => {
    delete process.env.STRIPE_WEBHOOK_PREVIOUS_SECRET;
  });

  // A type the handler acknowledges without acting on, so only the signature check decides.
  const event = () => ({
    id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'customer.created', api_version: null,
    created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null },
    data: { object: { id: 'cus_rotation', object: 'customer' } },
  }) as unknown as Stripe.Event;

  it('refuses the retiring secret when no previous secret is configured', async () => {
    expect(await deliver(event(), { secret: retiring })).toMatchObject({ status: 400, body: { code: 'bad_request', message: 'Invalid Stripe signature.' } });
    expect((await deliver(event(), { secret: current })).status).toBe(200);
  });

  it('accepts both secrets during the overlap; any other secret stays refused', async () => {
    process.env.STRIPE_WEBHOOK_PREVIOUS_SECRET = retiring;
    expect(await deliver(event(), { secret: retiring })).toMatchObject({ status: 200, body: { received: true } });
    expect(await deliver(event(), { secret: current })).toMatchObject({ status: 200, body: { received: true } });
    expect(await deliver(event(), { secret: 'whsec_someone_else' })).toMatchObject({ status: 400, body: { message: 'Invalid Stripe signature.' } });
    expect((await deliver(event(), { secret: retiring, alter: (p) => p.replace('cus_rotation', 'cus_altered') })).status).toBe(400);
  });
});
