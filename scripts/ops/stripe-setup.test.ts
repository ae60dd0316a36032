import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetParameterCommand, ParameterNotFound, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PRICE_ID, PREMIUM_PRICE_ID } from '../local/stripe-emulator/seed';
import { startStripeEmulator, type StripeEmulator } from '../local/stripe-emulator/server';
import { STRIPE_API_VERSION } from '../../lambdas/adapters/stripe-client';
import { handledEventTypes } from '../../lambdas/stripe/lib/handled-events';
import { fileParameterStore, ssmParameterStore } from './parameter-store';
import { CATALOG } from './stripe-catalog';
import { runStripeSetup, stripeClient } from './stripe-setup';

const API_URL = 'https://abc123.execute-api.eu-west-1.amazonaws.com';
const HOOK_URL = `${API_URL}/stripe/webhook`;

describe('ops:stripe-setup against the local Stripe emulator', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let dir: string;

  beforeAll(async () => {
    emulator = await startStripeEmulator({ port: 0, webhookSecret: 'whsec_local', log: false });
    stripe = stripeClient('sk_test_ops', emulator.url);
    dir = await mkdtemp(join(tmpdir(), 'fps-ops-'));
  });
  afterAll(async () => {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the lookup keys the local stack and the emulator seed use', () => {
    expect(CATALOG.map((c) => c.lookupKey)).toEqual([PREMIUM_PRICE_ID, ENTERPRISE_PRICE_ID]);
  });

  it('finds the seeded catalog, creates the webhook endpoint, and a second run changes nothing', async () => {
    const store = fileParameterStore(join(dir, 'seeded.json'));
    const lines: string[] = [];
    const first = await runStripeSetup({ env: 'dev', stripe, store, apiUrl: API_URL, secretKey: 'sk_test_ops', log: (l) => lines.push(l) });
    expect(first.prices).toEqual({ premium: PREMIUM_PRICE_ID, enterprise: ENTERPRISE_PRICE_ID });
    expect(lines.join('\n')).toContain(`found product prod_premium, price ${PREMIUM_PRICE_ID}`);

    const endpoints = await stripe.webhookEndpoints.list();
    expect(endpoints.data).toHaveLength(1);
    expect(endpoints.data[0]).toMatchObject({ url: HOOK_URL, api_version: STRIPE_API_VERSION, status: 'enabled' });
    expect([...endpoints.data[0]!.enabled_events].sort()).toEqual([...handledEventTypes].sort());

    const saved = JSON.parse(await readFile(join(dir, 'seeded.json'), 'utf8')) as Record<string, { value: string; type: string }>;
    expect(saved['/fps/dev/stripe/webhook-secret']).toEqual({ value: expect.stringMatching(/^whsec_/), type: 'SecureString' });
    expect(saved['/fps/dev/stripe/secret-key']).toEqual({ value: 'sk_test_ops', type: 'SecureString' });
    expect(saved['/fps/dev/stripe/premium-price']).toEqual({ value: PREMIUM_PRICE_ID, type: 'String' });
    expect(saved['/fps/dev/stripe/enterprise-price']).toEqual({ value: ENTERPRISE_PRICE_ID, type: 'String' });
    expect(first.changes).toBe(5); // the endpoint and 4 parameters (2 price ids, the key, the signing secret)

    const again: string[] = [];
    const second = await runStripeSetup({ env: 'dev', stripe, store, apiUrl: API_URL, secretKey: 'sk_test_ops', log: (l) => again.push(l) });
    expect(second.changes).toBe(0);
    expect(second.webhookEndpointId).toBe(first.webhookEndpointId);
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(1);
    expect(again.join('\n')).toMatch(/Webhook endpoint: found we_/);
    expect(JSON.parse(await readFile(join(dir, 'seeded.json'), 'utf8'))).toEqual(saved);
  });

  it('puts back the event list someone edited in the dashboard', async () => {
    const store = fileParameterStore(join(dir, 'seeded.json'));
    const [endpoint] = (await stripe.webhookEndpoints.list()).data;
    await stripe.webhookEndpoints.update(endpoint!.id, { enabled_events: ['invoice.paid'] });
    const r = await runStripeSetup({ env: 'dev', stripe, store, apiUrl: API_URL, log: () => {} });
    expect(r.changes).toBe(1);
    const fixed = await stripe.webhookEndpoints.retrieve(endpoint!.id);
    expect([...fixed.enabled_events].sort()).toEqual([...handledEventTypes].sort());
  });

  it('creates products and yearly prices in an empty account; a rerun finds them by lookup key', async () => {
    // An empty Stripe account: take the seed's lookup keys away.
    for (const entry of CATALOG) await stripe.prices.update(entry.lookupKey, { lookup_key: '' });
    const store = fileParameterStore(join(dir, 'empty.json'));
    const first = await runStripeSetup({ env: 'staging', stripe, store, log: () => {} });
    expect(first.prices.premium).not.toBe(PREMIUM_PRICE_ID);
    const premium = await stripe.prices.retrieve(first.prices.premium, { expand: ['product'] });
    expect(premium).toMatchObject({ unit_amount: 1200, currency: 'usd', lookup_key: PREMIUM_PRICE_ID, recurring: { interval: 'year', interval_count: 1 } });
    expect(premium.product).toMatchObject({ name: 'Premium', default_price: premium.id, metadata: { fps_plan: 'premium' } });
    const seat = await stripe.prices.retrieve(first.prices.enterprise, { expand: ['product'] });
    expect(seat).toMatchObject({ unit_amount: 1200, lookup_key: ENTERPRISE_PRICE_ID, recurring: { interval: 'year' } });
    expect(seat.product).toMatchObject({ name: 'Enterprise', unit_label: 'seat' });
    expect(await store.get('/fps/staging/stripe/premium-price')).toBe(first.prices.premium);

    const second = await runStripeSetup({ env: 'staging', stripe, store, log: () => {} });
    expect(second).toMatchObject({ prices: first.prices, changes: 0 });
    expect((await stripe.prices.list({ lookup_keys: [PREMIUM_PRICE_ID] })).data).toHaveLength(1);
  });

  it('refuses, with the fix, when the endpoint exists but its secret was never stored', async () => {
    const store = fileParameterStore(join(dir, 'lost.json'));
    await expect(runStripeSetup({ env: 'dev', stripe, store, apiUrl: API_URL, log: () => {} }))
      .rejects.toThrow(/exists but \/fps\/dev\/stripe\/webhook-secret is missing\. Copy its signing secret/);
  });

  it('writes SSM SecureStrings once, overwriting only a changed value', async () => {
    const ssm = new SSMClient({ region: 'eu-west-1' });
    const mock = mockClient(ssm);
    const values = new Map<string, string>();
    mock.on(GetParameterCommand).callsFake(({ Name }: { Name: string }) => {
      if (!values.has(Name)) throw new ParameterNotFound({ message: 'not found', $metadata: {} });
      return { Parameter: { Name, Value: values.get(Name) } };
    });
    mock.on(PutParameterCommand).callsFake(({ Name, Value }: { Name: string; Value: string }) => {
      values.set(Name, Value);
      return { Version: 1 };
    });
    const url = 'https://xyz.execute-api.us-east-1.amazonaws.com/';
    const run = (secretKey: string) => runStripeSetup({ env: 'master', stripe, store: ssmParameterStore(ssm), apiUrl: url, secretKey, log: () => {} });

    await run('sk_test_one');
    const puts = () => mock.commandCalls(PutParameterCommand).map((c) => c.args[0].input);
    expect(puts()).toEqual([
      { Name: '/fps/master/stripe/premium-price', Value: expect.stringMatching(/^price_/), Type: 'String', Overwrite: false },
      { Name: '/fps/master/stripe/enterprise-price', Value: expect.stringMatching(/^price_/), Type: 'String', Overwrite: false },
      { Name: '/fps/master/stripe/secret-key', Value: 'sk_test_one', Type: 'SecureString', Overwrite: false },
      { Name: '/fps/master/stripe/webhook-secret', Value: expect.stringMatching(/^whsec_/), Type: 'SecureString', Overwrite: false },
    ]);
    expect(mock.commandCalls(GetParameterCommand).every((c) => c.args[0].input.WithDecryption === true)).toBe(true);

    mock.resetHistory();
    await run('sk_test_one');
    expect(puts()).toEqual([]);

    await run('sk_test_two'); // a rolled key
    expect(puts()).toEqual([{ Name: '/fps/master/stripe/secret-key', Value: 'sk_test_two', Type: 'SecureString', Overwrite: true }]);
    mock.restore();
  });
});
