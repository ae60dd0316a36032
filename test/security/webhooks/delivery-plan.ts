import type Stripe from 'stripe';
import { handledEventTypes } from '../../../lambdas/stripe/lib/handled-events';
import { FAULTS, type Fault } from './delivery-faults';

/** mulberry32: a small seeded PRNG, so a failing order can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Alternating faults; a card update's completion always re-fetches its session but writes no row once superseded. */
function faultFor(event: Stripe.Event, i: number): Fault {
  const setup = event.type === 'checkout.session.completed' && (event.data.object as Stripe.Checkout.Session).mode === 'setup';
  return setup ? 'stripe-refetch' : FAULTS[i % FAULTS.length];
}

export interface PlannedDelivery { event: Stripe.Event; fault?: Fault }

/**
 * Stripe's at-least-once, unordered delivery: every event 1–3 times, all shuffled, and about
 * `failShare` of the events failing on their first delivery (a handled type, so the failure hits
 * the handler's work: its row write or its Stripe re-fetch).
 */
export function atLeastOnceUnordered(events: Stripe.Event[], random: () => number, failShare = 0.1): PlannedDelivery[] {
  const handled = events.filter((e) => handledEventTypes.has(e.type));
  const failing = new Map(
    shuffle(handled, random).slice(0, Math.round(events.length * failShare)).map((e, i) => [e.id, faultFor(e, i)] as const),
  );
  const copies = events.flatMap((event) => Array.from({ length: 1 + Math.floor(random() * 3) }, () => event));
  const order = shuffle(copies, random);
  const seen = new Set<string>();
  return order.map((event) => {
    const first = !seen.has(event.id);
    seen.add(event.id);
    return { event, fault: first ? failing.get(event.id) : undefined };
  });
}
