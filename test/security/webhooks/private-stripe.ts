import { startStripeEmulator, type StripeEmulator } from '../../../scripts/local/stripe-emulator/server';

/**
 * A Stripe emulator of this suite's own, and the product's Stripe client pointed at it. The suite
 * moves its clock by years; the shared stack's emulator serves other test files at the same time,
 * whose trials must not end under them. It has no webhook URL: the suite delivers events itself.
 */
export async function privateStripe(): Promise<{ emulator: StripeEmulator; restore: () => Promise<void> }> {
  const emulator = await startStripeEmulator({ port: 0, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!, log: false });
  const shared = process.env.STRIPE_API_BASE;
  // Read once, by the first `stripe()` call of this file's module graph (so before any handler runs).
  process.env.STRIPE_API_BASE = emulator.url;
  return {
    emulator,
    restore: async () => {
      process.env.STRIPE_API_BASE = shared;
      await emulator.close();
    },
  };
}
