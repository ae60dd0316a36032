// Manual use:
//   npx tsx scripts/local/stripe-emulator/cli.ts --port 12111 [--state .local/stripe.json]
//     [--webhook-url http://127.0.0.1:3001/stripe/webhook] [--webhook-secret whsec_local] [--host 127.0.0.1]
// Environment variables STRIPE_EMULATOR_PORT, STRIPE_EMULATOR_STATE, STRIPE_WEBHOOK_URL and
// STRIPE_WEBHOOK_SECRET work as defaults.

import { parseArgs } from 'node:util';
import { startStripeEmulator } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    state: { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npx tsx scripts/local/stripe-emulator/cli.ts [--port 12111] [--host 127.0.0.1] [--state FILE] [--webhook-url URL] [--webhook-secret whsec_local]',
  );
  process.exit(0);
}

const port = Number(values.port ?? process.env.STRIPE_EMULATOR_PORT ?? 12111);
const webhookSecret = values['webhook-secret'] ?? process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local';
const emulator = await startStripeEmulator({
  port,
  host: values.host,
  stateFile: values.state ?? process.env.STRIPE_EMULATOR_STATE,
  webhookUrl: values['webhook-url'] ?? process.env.STRIPE_WEBHOOK_URL,
  webhookSecret,
});

console.log(`Stripe emulator listening on ${emulator.url}`);
console.log(`  SDK:       new Stripe('sk_test_local', { host: '127.0.0.1', port: ${emulator.port}, protocol: 'http' })`);
console.log(`  Webhooks:  ${values['webhook-url'] ?? process.env.STRIPE_WEBHOOK_URL ?? '(none; pass --webhook-url)'} signed with ${webhookSecret}`);
console.log(`  Clock:     curl -X POST ${emulator.url}/_emulator/advance -d days=8`);
console.log(`  State:     ${emulator.url}/_emulator/state`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
