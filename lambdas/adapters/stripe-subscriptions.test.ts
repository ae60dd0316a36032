// cancelSubscriptionOnce against the local Stripe emulator. Stripe ignores Idempotency-Key on DELETE
// (its docs: "All POST requests accept idempotency keys... GET and DELETE... no effect"), and a
// second cancel of a canceled subscription answers 404 "No such subscription", so "once" has to
// come from reading the subscription, not from a key.

import { describe, expect, it } from 'vitest';
import { stripe } from './stripe-client';
import { cancelSubscriptionOnce } from './stripe-subscriptions';

async function trialingSubscription(): Promise<string> {
  const s = await stripe();
  const customer = await s.customers.create({ email: 'cancel-once@example.com' });
  const sub = await s.subscriptions.create({ customer: customer.id, items: [{ price: 'price_premium_yearly' }], trial_period_days: 7 });
  return sub.id;
}

describe('cancelSubscriptionOnce', () => {
  it('cancels once when called twice at the same time and again afterwards', async () => {
    const id = await trialingSubscription();
    await expect(Promise.all([cancelSubscriptionOnce(id), cancelSubscriptionOnce(id)])).resolves.toBeDefined();
    await expect(cancelSubscriptionOnce(id)).resolves.toBeUndefined();

    const s = await stripe();
    expect((await s.subscriptions.retrieve(id)).status).toBe('canceled');
    const deleted = await s.events.list({ type: 'customer.subscription.deleted', limit: 100 });
    expect(deleted.data.filter((e) => (e.data.object as { id: string }).id === id)).toHaveLength(1);
  });

  it('still fails for a subscription that does not exist', async () => {
    await expect(cancelSubscriptionOnce('sub_doesnotexist')).rejects.toMatchObject({ statusCode: 404 });
  });
});
