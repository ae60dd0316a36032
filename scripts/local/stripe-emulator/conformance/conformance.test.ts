// The emulator conforms to the Stripe API the product pins: every SDK method the product calls is
// driven through the official SDK, and every raw JSON answer (errors included) and every event
// (envelope, and data.object by event type) is checked against the response types shipped in the
// pinned `stripe` package. After an SDK upgrade this test names what the emulator must add.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEmulator } from '../server';
import { startWithSdk, WEBHOOK_SECRET } from '../test-helpers';
import { ALLOWED } from './allowed';
import { driveProductCalls, PRODUCT_METHODS, responseTypeOf, SETUP_METHODS } from './product-calls';
import { sdkMethodsInProductSource } from './product-source';
import { RecordingSdk } from './recording-sdk';
import { SdkTypes, type Mismatch } from './sdk-types';

const ERROR_TYPE = '{ error: Stripe.StripeRawError }';
const EVENT_TYPE = 'Stripe.Event';

let emulator: StripeEmulator;
let sdk: RecordingSdk;
let types: SdkTypes;

beforeAll(async () => {
  ({ emulator } = await startWithSdk({ webhookSecret: WEBHOOK_SECRET }));
  sdk = new RecordingSdk(emulator);
  types = new SdkTypes([...PRODUCT_METHODS, ...SETUP_METHODS].map(responseTypeOf).concat(ERROR_TYPE, EVENT_TYPE));
  await driveProductCalls(sdk, emulator);
}, 60_000);

afterAll(async () => {
  await emulator.close();
});

/** `items.data[0].plan` inside a subscription → `subscription_item.plan`: where in which object. */
function whereIs(root: unknown, path: string): string {
  const steps = path === '(root)' ? [] : path.split(/\.|(?=\[)/).map((p) => (p.startsWith('[') ? Number(p.slice(1, -1)) : p));
  let node: unknown = root;
  let owner = '(response)';
  let rel: (string | number)[] = [];
  steps.forEach((step) => {
    if (node && typeof node === 'object' && typeof (node as { object?: unknown }).object === 'string') {
      owner = (node as { object: string }).object;
      rel = [];
    }
    if (typeof step === 'string') rel.push(step);
    node = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[step] : undefined;
  });
  return `${owner}.${rel.join('.')}`;
}

interface Finding extends Mismatch {
  where: string;
  source: string;
}

function findings(source: string, root: unknown, found: Mismatch[]): Finding[] {
  return found.map((m) => ({ ...m, source, where: whereIs(root, m.path) }));
}

async function allEvents(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let after = '';
  for (;;) {
    const res = await fetch(`${emulator.url}/v1/events?limit=100${after ? `&starting_after=${after}` : ''}`, {
      headers: { Authorization: 'Bearer sk_test_conformance' },
    });
    const page = (await res.json()) as { data: Record<string, unknown>[]; has_more: boolean };
    out.push(...page.data);
    if (!page.has_more) return out;
    after = String(page.data.at(-1)!.id);
  }
}

describe('the emulator against the pinned SDK types', () => {
  it('drives every method the product calls', () => {
    expect([...PRODUCT_METHODS].sort()).toEqual(sdkMethodsInProductSource());
    const called = new Set(sdk.exchanges.map((e) => e.method));
    expect(PRODUCT_METHODS.filter((m) => !called.has(m))).toEqual([]);
  });

  it('answers every call (errors included) with JSON of the method\'s response type', () => {
    const all = sdk.exchanges.flatMap((e) =>
      findings(`${e.method} (${e.request} → ${e.status})`, e.body, types.check(e.status < 300 ? responseTypeOf(e.method) : ERROR_TYPE, e.body)),
    );
    expect(sdk.exchanges.filter((e) => e.status >= 400).length).toBeGreaterThanOrEqual(6);
    expect(report(all)).toEqual([]);
  });

  it('sends events whose envelope and data.object match the event type', async () => {
    const events = await allEvents();
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThanOrEqual(15);
    const all = events.flatMap((e) => findings(`event ${String(e.type)}`, e, types.check(EVENT_TYPE, e)));
    expect(report(all)).toEqual([]);
  });
});

describe('the type check itself', () => {
  it('reports a missing field, a forbidden null, a foreign enum value, a wrong type, an unknown key and a wrong data.object', () => {
    const created = sdk.exchanges.find((e) => e.method === 'subscriptions.create' && e.status === 200)!.body as Record<string, unknown>;
    const bad = { ...structuredClone(created), cancel_at_period_end: null, collection_method: 'by_pigeon', created: 'yesterday', extra: 1 };
    delete (bad as Record<string, unknown>).status;
    expect(types.check(responseTypeOf('subscriptions.create'), created)).toEqual([]);
    expect(types.check(responseTypeOf('subscriptions.create'), bad).map((m) => `${m.path}: ${m.problem}`).sort()).toEqual([
      'cancel_at_period_end: null, but the type is not nullable',
      'collection_method: "by_pigeon" is not one of "charge_automatically" | "send_invoice"',
      'created: string "yesterday" where the type is number',
      'extra: unknown key (not in the SDK type)',
      'status: missing (required)',
    ]);
    const event = { id: 'evt_1', object: 'event', api_version: null, created: 1, livemode: false, pending_webhooks: 0, request: { id: null, idempotency_key: null }, type: 'customer.created', data: { object: created } };
    expect(types.check(EVENT_TYPE, event).some((m) => m.path.startsWith('data.object'))).toBe(true);
  });
});

/** Findings not on the allow-list, one line per place and problem, with where it was seen. */
function report(all: Finding[]): string[] {
  const lines = new Map<string, Set<string>>();
  for (const f of all) {
    if (ALLOWED.some((a) => a.where === f.where && f.problem.startsWith('unknown key'))) continue;
    const key = `${f.where}: ${f.problem}`;
    if (!lines.has(key)) lines.set(key, new Set());
    lines.get(key)!.add(f.source);
  }
  return [...lines].map(([k, sources]) => `${k}  [${[...sources].slice(0, 2).join('; ')}${sources.size > 2 ? '; …' : ''}]`).sort();
}
