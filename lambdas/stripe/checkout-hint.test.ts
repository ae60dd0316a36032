import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { callApi } from '../../test/integration/helpers';
import { orgsRepo } from '../adapters/orgs-repo';
import { stripe } from '../adapters/stripe-client';
import { usersRepo } from '../adapters/users-repo';
import { orgWithAdmin, subscribedUser } from '../../test/integration/billing-test-helpers';

/**
 * Issue #22 §6: `checkout.session.completed` names its owner in the session's metadata (`orgId`)
 * and `client_reference_id`. A signed event whose session names another organisation's id wrote the
 * buyer's subscription snapshot and customer over that organisation's. The owner named by a
 * checkout event now counts only when Stripe's own objects agree (lambdas/stripe/lib/checkout-owner.ts):
 * the subscription re-fetched from Stripe with its customer, and the owner's stored customer.
 */

async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const header = (await stripe()).webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
  return callApi(routes.stripeWebhook, { rawBody: payload, headers: { 'stripe-signature': header } });
}

const completed = (session: Stripe.Checkout.Session, id: string) =>
  ({ id, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: session } });

describe('checkout.session.completed names an owner Stripe must confirm', () => {
  it("does not write a buyer's subscription over another organisation named in the event's metadata", async () => {
    const [buyer, victim] = await Promise.all([subscribedUser(), orgWithAdmin()]);
    const before = await orgsRepo.getOrg(victim.orgId);
    const session = await (await stripe()).checkout.sessions.retrieve(buyer.sessionId);
    const forged = { ...session, metadata: { ...session.metadata, orgId: victim.orgId } };
    expect((await deliver(completed(forged, `evt_forged_org_${buyer.userId.slice(0, 8)}`))).status).toBe(200);
    const after = await orgsRepo.getOrg(victim.orgId);
    expect(after?.stripeCustomerId).toBe(victim.customerId);
    expect(after?.subscription ?? null).toEqual(before?.subscription ?? null);
    // The buyer's own row still holds their subscription.
    expect((await usersRepo.get(buyer.userId))?.subscription?.status).toBe('trialing');
  });

  it("does not write a buyer's subscription over another user named as the client reference", async () => {
    const [buyer, victim] = await Promise.all([subscribedUser(), subscribedUser()]);
    const before = await usersRepo.get(victim.userId);
    const s = await stripe();
    const session = await s.checkout.sessions.retrieve(buyer.sessionId);
    // The subscription's own metadata named the buyer; strip it as an old subscription might lack it.
    const sub = typeof session.subscription === 'string' ? session.subscription : session.subscription!.id;
    await s.subscriptions.update(sub, { metadata: { userId: '' } });
    const forged = { ...session, client_reference_id: victim.userId };
    expect((await deliver(completed(forged, `evt_forged_user_${buyer.userId.slice(0, 8)}`))).status).toBe(200);
    const after = await usersRepo.get(victim.userId);
    expect(after?.stripeCustomerId).toBe(before?.stripeCustomerId);
    expect(after?.subscription?.id).toBe(before?.subscription?.id);
  });

  it('still applies a genuine completed checkout (the session as Stripe holds it)', async () => {
    const buyer = await subscribedUser();
    await usersRepo.update(buyer.userId, { subscription: null });
    const session = await (await stripe()).checkout.sessions.retrieve(buyer.sessionId);
    expect((await deliver(completed(session, `evt_genuine_${buyer.userId.slice(0, 8)}`))).status).toBe(200);
    expect((await usersRepo.get(buyer.userId))?.subscription?.status).toBe('trialing');
  });
});
