import type { Payment } from '#shared/domain/subscription';
import { stripe } from './stripe-client';

/** Payment history is the one thing read from Stripe on request (it is not mirrored in DynamoDB). */
export async function listPayments(customerId: string | undefined | null): Promise<Payment[]> {
  if (!customerId) return [];
  // Refunds are only included when expanded (Stripe API since 2022).
  const charges = await (await stripe()).charges.list({ customer: customerId, limit: 100, expand: ['data.refunds'] });
  return charges.data.map((c) => ({
    id: c.id,
    created: c.created,
    status: c.status,
    nickname: c.description ?? null,
    amount: c.amount,
    receipt_url: c.receipt_url ?? null,
    refunds: (c.refunds?.data ?? []).map((r) => ({ created: r.created })),
  }));
}
