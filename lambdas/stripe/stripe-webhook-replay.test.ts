import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { payWithTestCard } from '../../scripts/local/seed';
import { callApi } from '../../test/integration/helpers';
import { stripe } from '../adapters/stripe-client';
import { usersRepo, type UserRow } from '../adapters/users-repo';
import { eventually, MASTERCARD, site, subscribedUser } from '../../test/integration/billing-test-helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The row without its bookkeeping timestamp. */
const stateOf = (row: UserRow | undefined) => {
  const { updated: _updated, ...rest } = row ?? ({} as UserRow);
  return rest;
};

/** Every event the emulator made about this customer since `since`, oldest first. */
async function eventsOf(customerId: string, since: number): Promise<Stripe.Event[]> {
  const out: Stripe.Event[] = [];
  for await (const e of (await stripe()).events.list({ created: { gte: since }, limit: 100 })) {
    const o = e.data.object as { id?: string; customer?: string | { id: string } | null };
    const customer = typeof o.customer === 'string' ? o.customer : o.customer?.id;
    if (customer === customerId || o.id === customerId) out.push(e);
  }
  return out.reverse();
}

async function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const header = (await stripe()).webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
  return callApi(routes.stripeWebhook, { rawBody: payload, headers: { 'stripe-signature': header } });
}

describe('Stripe webhook replays (duplicates and reverse order converge)', () => {
  it('replaying every event twice, in reverse order, leaves the same row', async () => {
    const since = Math.floor(Date.now() / 1000) - 5;
    const u = await subscribedUser();
    // More history: auto-renew off, a new card (setup-mode checkout + confirm).
    await callApi(routes.updateAccountCancelAtPeriodEnd, { token: u.accessToken, body: { cancel_at_period_end: true } });
    const r = await callApi(routes.createUpdatePaymentSession, {
      token: u.accessToken, body: { account_type: 'user', success_url: `${site()}/account?checkout=success`, cancel_url: `${site()}/account` },
    });
    const redirect = await payWithTestCard(r.body.url as string, MASTERCARD);
    await callApi(routes.confirmUpdatePaymentSession, {
      token: u.accessToken, body: { session_id: new URL(redirect).searchParams.get('session_id')!, account_type: 'user' },
    });
    const customerId = (await usersRepo.get(u.userId))!.stripeCustomerId!;

    // Let the emulator's own deliveries finish, then take the settled row.
    await eventually(async () => ((await usersRepo.get(u.userId))?.card?.last4 === '4444' ? true : undefined));
    await sleep(1500);
    const settled = stateOf(await usersRepo.get(u.userId));
    expect(settled.subscription).toMatchObject({ status: 'trialing', cancel_at_period_end: true });

    const events = await eventsOf(customerId, since);
    const types = new Set(events.map((e) => e.type));
    for (const t of ['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.updated', 'invoice.paid']) {
      expect(types).toContain(t);
    }

    // The same events again (Stripe's retries): twice each, newest first.
    for (const e of [...events].reverse()) {
      expect((await deliver(e)).status).toBe(200);
      expect((await deliver(e)).status).toBe(200);
    }
    expect(stateOf(await usersRepo.get(u.userId))).toEqual(settled);

    // Out-of-order first deliveries (fresh ids, so the idempotency record does not answer them):
    // each one re-fetches Stripe's state, so the oldest event applied last changes nothing.
    for (const e of [...events].reverse()) {
      expect((await deliver({ ...e, id: `${e.id}_late` })).status).toBe(200);
    }
    expect(stateOf(await usersRepo.get(u.userId))).toEqual(settled);
  });

  it('a bad signature on a real event changes nothing', async () => {
    const since = Math.floor(Date.now() / 1000) - 5;
    const u = await subscribedUser();
    const customerId = (await usersRepo.get(u.userId))!.stripeCustomerId!;
    await sleep(1000);
    const before = stateOf(await usersRepo.get(u.userId));
    const [event] = (await eventsOf(customerId, since)).filter((e) => e.type === 'customer.subscription.created');
    const forged = JSON.stringify({
      ...event, id: `${event.id}_forged`, type: 'customer.subscription.deleted',
      data: { object: { ...(event.data.object as object), status: 'canceled' } },
    });
    const header = (await stripe()).webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_wrong' });
    const r = await callApi(routes.stripeWebhook, { rawBody: forged, headers: { 'stripe-signature': header } });
    expect(r).toEqual({ status: 400, body: { code: 'bad_request', message: 'Invalid Stripe signature.' } });
    expect(stateOf(await usersRepo.get(u.userId))).toEqual(before);
    expect(before.subscription).toMatchObject({ status: 'trialing' });
  });
});
