import type Stripe from 'stripe';
import { deliver } from './deliver';
import type { PlannedDelivery } from './delivery-plan';

export interface DeliveryTally {
  /** POSTs made, retries included. */
  deliveries: number;
  /** Injected faults that fired (each must answer non-2xx). */
  failedFirst: number;
  /** Non-2xx answers, each followed by a retry. */
  retried: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each event once, in the order Stripe created it, one at a time. */
export async function deliverInOrder(events: Stripe.Event[]): Promise<void> {
  for (const event of events) {
    const r = await deliver(event);
    if (r.status !== 200) throw new Error(`in-order delivery of ${event.type} ${event.id} answered ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/**
 * Delivers the plan as Stripe does: several POSTs in flight at once, and any non-2xx answer
 * retried later (with backoff, after the rest of the queue has moved on), until a 2xx.
 */
export async function deliverLikeStripe(plan: PlannedDelivery[], random: () => number, concurrency = 4, maxAttempts = 8): Promise<DeliveryTally> {
  const queue = plan.map((p) => ({ ...p, attempts: 0 }));
  const tally: DeliveryTally = { deliveries: 0, failedFirst: 0, retried: 0 };
  let waiting = 0;
  const worker = async () => {
    while (queue.length > 0 || waiting > 0) {
      const job = queue.shift();
      if (!job) {
        await sleep(5);
        continue;
      }
      job.attempts++;
      tally.deliveries++;
      const r = await deliver(job.event, { fault: job.attempts === 1 ? job.fault : undefined });
      const ok = r.status >= 200 && r.status < 300;
      // A failure answered 2xx would never be retried: Stripe would drop the event.
      if (r.faultFired && ok) throw new Error(`${job.event.type} ${job.event.id} failed but answered ${r.status}`);
      if (r.faultFired) tally.failedFirst++;
      if (ok) continue;
      if (job.attempts >= maxAttempts) throw new Error(`${job.event.type} ${job.event.id} still failing after ${job.attempts} attempts: ${r.status}`);
      tally.retried++;
      waiting++;
      await sleep(10 * 2 ** job.attempts);
      waiting--;
      queue.splice(Math.floor(random() * (queue.length + 1)), 0, job);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tally;
}
