// Webhook signing and delivery, done the way Stripe does it so the product's
// `stripe.webhooks.constructEvent(rawBody, header, secret)` accepts our deliveries:
//   Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// The timestamp is real wall-clock time, not emulator time: constructEvent rejects
// signatures older than 5 minutes by the receiver's clock, and an advanced emulator
// clock would otherwise make every signature "from the future".

import { createHmac } from 'node:crypto';

export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Where one event goes: the URL the emulator started with, or an endpoint made through the API. */
export interface Destination {
  /** Names this delivery in the persisted pending list: the event id, plus ` <endpoint id>` for a registered endpoint. */
  key: string;
  url: string;
  secret: string;
}

export interface WebhookDispatcherOptions {
  /** Wait before each retry; its length is the number of retries. */
  retryDelaysMs: number[];
  timeoutMs?: number;
  log: (msg: string) => void;
  /** Called with the attempt count after every attempt (so pending deliveries can be persisted). */
  onAttempt: (key: string, attempts: number) => void;
  /** Called once the delivery succeeded (delivered=true) or was given up on. */
  onSettled: (key: string, delivered: boolean) => void;
}

interface Job {
  to: Destination;
  eventId: string;
  type: string;
  payload: string;
  attempts: number;
}

/**
 * Delivers events one at a time per receiving URL, in the order they were created, so a receiver
 * sees `customer.subscription.created` before the `invoice.paid` that follows it; receivers don't
 * wait for each other (a slow or unreachable endpoint delays only its own deliveries).
 * A failing delivery does not hold up its queue: its retry is scheduled with
 * backoff and re-enters the queue later. Delivery never throws into the emulator.
 */
export class WebhookDispatcher {
  private readonly queues = new Map<string, Job[]>();
  private readonly running = new Set<string>();
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly opts: WebhookDispatcherOptions) {}

  enqueue(to: Destination, eventId: string, type: string, payload: string, attempts = 0): void {
    if (this.closed) return;
    this.push({ to, eventId, type, payload, attempts });
  }

  /** Resolves when nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.inFlight) c.abort();
    this.queues.clear();
    this.notifyIdle();
  }

  private isIdle(): boolean {
    return this.running.size === 0 && [...this.queues.values()].every((q) => q.length === 0) && this.timers.size === 0;
  }

  private notifyIdle(): void {
    if (!this.isIdle() && !this.closed) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private push(job: Job): void {
    const queue = this.queues.get(job.to.url) ?? [];
    queue.push(job);
    this.queues.set(job.to.url, queue);
    void this.pump(job.to.url);
  }

  private async pump(url: string): Promise<void> {
    if (this.running.has(url)) return;
    this.running.add(url);
    try {
      for (let job = this.queues.get(url)?.shift(); job && !this.closed; job = this.queues.get(url)?.shift()) {
        await this.attempt(job);
      }
    } finally {
      this.running.delete(url);
      this.notifyIdle();
    }
  }

  private async attempt(job: Job): Promise<void> {
    job.attempts += 1;
    let failure: string | undefined;
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.opts.timeoutMs ?? 10_000);
    try {
      const res = await fetch(job.to.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signWebhookPayload(job.payload, job.to.secret),
        },
        body: job.payload,
        signal: controller.signal,
      });
      // Drain the body so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) failure = `HTTP ${res.status}`;
    } catch (err) {
      failure = (err as Error).name === 'AbortError' ? 'timed out' : (err as Error).message;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    if (this.closed) return;
    this.opts.onAttempt(job.to.key, job.attempts);

    if (!failure) {
      this.opts.onSettled(job.to.key, true);
      return;
    }
    const delay = this.opts.retryDelaysMs[job.attempts - 1];
    if (delay === undefined) {
      this.opts.log(`webhook ${job.type} ${job.eventId} to ${job.to.url} failed (${failure}); giving up after ${job.attempts} attempts`);
      this.opts.onSettled(job.to.key, false);
      return;
    }
    this.opts.log(`webhook ${job.type} ${job.eventId} to ${job.to.url} failed (${failure}); retrying in ${delay} ms`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.push(job);
    }, delay);
    this.timers.add(timer);
  }
}
