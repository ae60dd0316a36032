import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handledEventTypes } from '../../lambdas/stripe/lib/handled-events';
import { reportFigure } from '../report-figure';
import { deliver, type Signing } from './webhooks/deliver';
import { installFaults } from './webhooks/delivery-faults';
import { atLeastOnceUnordered, seededRandom } from './webhooks/delivery-plan';
import {
  allEvents, EXPECTED, EXPECTED_ORG, liveTheYear, openAccounts, stripeStateOf, type Customer,
} from './webhooks/lifecycles';
import { privateStripe } from './webhooks/private-stripe';
import { clearIdempotency, idempotencyRecords, readRows, restoreRows, withoutStamps, type Rows } from './webhooks/rows';
import { deliverInOrder, deliverLikeStripe } from './webhooks/stripe-like-delivery';

// Before the imports load: the product's logger takes its level from the env when its module loads,
// and the ~100 planned 500s would each print an error log with a stack.
const savedLogLevel = vi.hoisted(() => {
  const saved = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  return saved;
});

/** Customers per lifecycle plot (5 plots) besides the organisation: 6 make about 1,000 events. */
const PER_PLOT = Number(process.env.WEBHOOK_PER_PLOT ?? 6);
const SEED = Number(process.env.WEBHOOK_SEED ?? 20261122);

/** Puts an env var back (assigning undefined would store the string "undefined"). */
function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** The body an attacker would want: the subscription's status turned around. */
function flipStatus(payload: string): string {
  const e = JSON.parse(payload) as { data: { object: { status: string } } };
  e.data.object.status = e.data.object.status === 'canceled' ? 'active' : 'canceled';
  return JSON.stringify(e);
}

/*
 * "In order" here means every event once, in the order Stripe created it, after the scripted year.
 * The handler re-fetches state from Stripe, so that run must end on Stripe's final state (checked
 * against each lifecycle's expected end, not only against run 2). A handler that trusted event
 * payloads passes run 1 and fails run 2, whose last event per subscription is a random old one; a
 * handler with side effects on Stripe (a late card update putting an old card back) fails both the
 * row comparison and the check that Stripe itself is unchanged by the deliveries.
 */
describe('Stripe webhooks, delivered at least once and unordered (security #11)', () => {
  // Idempotency records of this file's deliveries carry this function name, so only they are reset.
  const functionName = `webhook-delivery-${randomUUID().slice(0, 8)}`;
  const savedFunctionName = process.env.AWS_LAMBDA_FUNCTION_NAME;
  let restoreStripe: () => Promise<void>;
  let customers: Customer[];
  let events: Stripe.Event[];
  let preDelivery: Rows;
  let stripeBefore: unknown[];

  const stripeNow = () => Promise.all(customers.map(stripeStateOf));
  const resetToPreDelivery = async () => {
    await restoreRows(preDelivery);
    await clearIdempotency(functionName);
  };

  beforeAll(async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = functionName;
    const { emulator, restore } = await privateStripe();
    restoreStripe = restore;
    customers = await openAccounts(PER_PLOT);
    preDelivery = await readRows(customers);
    await liveTheYear(emulator, customers);
    events = await allEvents();
    stripeBefore = await stripeNow();
    await installFaults();
  }, 120_000);

  afterAll(async () => {
    await restoreStripe?.();
    setEnv('AWS_LAMBDA_FUNCTION_NAME', savedFunctionName);
    setEnv('POWERTOOLS_LOG_LEVEL', savedLogLevel);
  });

  it('the scripted year left Stripe where each lifecycle says', () => {
    customers.forEach((c, i) => {
      const want = c.plot === 'org' ? EXPECTED_ORG : { ...EXPECTED[c.plot], quantity: 1 };
      expect(stripeBefore[i], `${c.plot} ${c.customerId}`).toMatchObject(want);
    });
  });

  it('in order, then shuffled, duplicated and failing first: the same rows', async () => {
    // Run 1: every event once, in creation order.
    await resetToPreDelivery();
    await deliverInOrder(events);
    const inOrder = await readRows(customers);
    for (const c of customers) {
      const want = c.plot === 'org' ? EXPECTED_ORG : { ...EXPECTED[c.plot], quantity: 1 };
      const row = c.orgId ? inOrder.orgs.find((o) => o.orgId === c.orgId)! : inOrder.users.find((u) => u.userId === c.userId)!;
      expect({ ...row.subscription, last4: row.card?.last4 }, `${c.plot} row`).toMatchObject({ id: c.subscriptionId, ...want });
      expect(row.stripeCustomerId).toBe(c.customerId);
    }

    // Run 2: from the same starting rows, at least once and unordered.
    await resetToPreDelivery();
    const plan = atLeastOnceUnordered(events, seededRandom(SEED));
    const planned = plan.filter((p) => p.fault).length;
    const tally = await deliverLikeStripe(plan, seededRandom(SEED + 1));
    expect(tally.failedFirst).toBe(planned);
    // One finished record per handled event: none left in progress by a failed delivery.
    const handled = events.filter((e) => handledEventTypes.has(e.type)).length;
    const records = await idempotencyRecords(functionName);
    expect(records.filter((r) => r.status === 'COMPLETED')).toHaveLength(handled);
    expect(records).toHaveLength(handled);
    expect(withoutStamps(await readRows(customers))).toEqual(withoutStamps(inOrder));
    // Replays never rewrote Stripe's history (no card put back, no extra charge attempt).
    expect(await stripeNow()).toEqual(stripeBefore);

    reportFigure(
      `webhooks: ${tally.deliveries} deliveries (${events.length} events, ${handled} of handled types; ${plan.length - events.length} duplicates, ` +
        `${tally.failedFirst} failed first, ${tally.retried} retried), rows equal the in-order run`,
    );
    expect(tally.deliveries).toBeGreaterThanOrEqual(1000);
  }, 120_000);

  it('a forged, stale, header-less or altered delivery is refused with 400 and changes nothing', async () => {
    await resetToPreDelivery();
    // The newest subscription event of each customer: delivered properly, it would fill the row.
    const latest = customers.map((c) => [...events].reverse().find((e) => e.type.startsWith('customer.subscription.') && (e.data.object as Stripe.Subscription).id === c.subscriptionId)!);
    const invalid = { status: 400, body: { code: 'bad_request', message: 'Invalid Stripe signature.' } };
    const bad: [string, Signing, object][] = [
      ['wrong secret', { secret: 'whsec_forged' }, invalid],
      ['stale timestamp', { timestamp: Math.floor(Date.now() / 1000) - 301 }, invalid],
      ['missing header', { omitHeader: true }, { status: 400, body: { code: 'bad_request', message: 'Missing Stripe-Signature header.' } }],
      ['altered body', { alter: flipStatus }, invalid],
    ];
    for (const event of latest) {
      for (const [name, signing, want] of bad) {
        const r = await deliver(event, signing);
        expect({ status: r.status, body: r.body }, name).toEqual(want);
      }
    }
    expect(await readRows(customers)).toEqual(preDelivery);
    // The same events, signed properly, do change the rows: the refusals above were what kept them.
    for (const event of latest) expect((await deliver(event)).status).toBe(200);
    expect(withoutStamps(await readRows(customers))).not.toEqual(withoutStamps(preDelivery));
  }, 60_000);
});
