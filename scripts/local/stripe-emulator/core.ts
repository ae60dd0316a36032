// The emulator's shared context: state, clock, event log and webhook delivery.
// Resource handlers and billing logic receive this object instead of globals, so
// several emulators (e.g. one per test file) can run in one process.

import Stripe from 'stripe';
import { Clock } from './clock';
import { newId } from './ids';
import { listOf } from './lists';
import { materialize, publicView } from './render';
import { seedCatalog } from './seed';
import { emptyState, Store, type State } from './store';
import type { StoredObject, StripeEvent } from './types';
import { enabledEndpointsFor, registeredEndpoint } from './resources/webhook-endpoints';
import { WebhookDispatcher, type Destination } from './webhooks';

/** Events carry the API version the SDK is pinned to, as a webhook endpoint created for it would. */
export const API_VERSION: string = Stripe.API_VERSION;

export interface CoreOptions {
  stateFile?: string;
  webhookUrl?: string;
  webhookSecret: string;
  webhookRetryDelaysMs?: number[];
  log: (msg: string) => void;
}

export class EmulatorCore {
  readonly store: Store;
  readonly clock: Clock;
  readonly webhooks: WebhookDispatcher;
  readonly log: (msg: string) => void;
  /** `http://host:port`, known once the server listens. */
  origin = '';
  /** The API request being handled, recorded on the events it causes (Stripe's `event.request`). */
  currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };
  private dirty = false;
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly webhookUrl: string | undefined;
  private readonly webhookSecret: string;

  constructor(opts: CoreOptions) {
    this.log = opts.log;
    this.webhookUrl = opts.webhookUrl;
    this.webhookSecret = opts.webhookSecret;
    this.store = new Store(opts.stateFile, opts.log);
    this.clock = new Clock(
      () => this.state.clockOffset,
      (offset) => {
        this.state.clockOffset = offset;
        this.markDirty();
      },
    );
    seedCatalog(this.state, this.clock.now());
    this.webhooks = new WebhookDispatcher({
      retryDelaysMs: opts.webhookRetryDelaysMs ?? [1_000, 2_000, 4_000, 8_000, 16_000],
      log: opts.log,
      onAttempt: (key, attempts) => {
        if (key in this.state.pendingWebhooks) this.state.pendingWebhooks[key] = attempts;
        this.persistSoon();
      },
      onSettled: (key, delivered) => {
        delete this.state.pendingWebhooks[key];
        const event = this.state.events[key.split(' ')[0]];
        // Like Stripe's, the count keeps the deliveries that have not succeeded.
        if (event && delivered) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
        this.persistSoon();
      },
    });
    this.markDirty();
  }

  get state(): State {
    return this.store.state;
  }

  now(): number {
    return this.clock.now();
  }

  /** Re-queues deliveries that were pending when the previous process stopped. */
  resumePendingWebhooks(): void {
    for (const [key, attempts] of Object.entries(this.state.pendingWebhooks)) {
      const [eventId, endpointId] = key.split(' ');
      const event = this.state.events[eventId];
      const to = this.destination(key, endpointId);
      if (!event || !to) {
        delete this.state.pendingWebhooks[key];
        continue;
      }
      this.webhooks.enqueue(to, eventId, event.type, this.payloadOf(event), attempts);
    }
  }

  /** The start-up URL (no endpoint id) or a registered endpoint, if it still exists. */
  private destination(key: string, endpointId: string | undefined): Destination | undefined {
    if (!endpointId) return this.webhookUrl ? { key, url: this.webhookUrl, secret: this.webhookSecret } : undefined;
    const endpoint = registeredEndpoint(this, endpointId);
    return endpoint ? { key, url: endpoint.url, secret: endpoint.secret } : undefined;
  }

  /**
   * Where an event of this type goes: the URL the emulator was started with (every type), and each
   * enabled endpoint made through the API whose `enabled_events` include it (or `*`), as with Stripe.
   */
  private destinationsFor(eventId: string, type: string): Destination[] {
    const out: Destination[] = [];
    if (this.webhookUrl) out.push({ key: eventId, url: this.webhookUrl, secret: this.webhookSecret });
    for (const e of enabledEndpointsFor(this, type)) out.push({ key: `${eventId} ${e.id}`, url: e.url, secret: e.secret });
    return out;
  }

  /**
   * Records an event for a state change and queues its webhook. `data.object` is a
   * snapshot taken now, like Stripe's, so later changes don't leak into old events.
   */
  emit(type: string, object: StoredObject, previousAttributes?: Record<string, unknown>, at = this.now()): StripeEvent {
    const id = newId('evt');
    const destinations = this.destinationsFor(id, type);
    const event: StripeEvent = {
      id,
      object: 'event',
      api_version: API_VERSION,
      created: at,
      data: {
        object: structuredClone(publicView(object)),
        ...(previousAttributes && Object.keys(previousAttributes).length > 0
          ? { previous_attributes: structuredClone(previousAttributes) }
          : {}),
      },
      livemode: false,
      pending_webhooks: destinations.length,
      request: { ...this.currentRequest },
      type,
    };
    this.state.events[event.id] = event;
    for (const to of destinations) {
      this.state.pendingWebhooks[to.key] = 0;
      this.webhooks.enqueue(to, event.id, type, this.payloadOf(event));
    }
    this.markDirty();
    return event;
  }

  /** Stripe sends pretty-printed JSON; the signature covers these exact bytes. */
  private payloadOf(event: StripeEvent): string {
    return JSON.stringify(materialize(event, this.origin), null, 2);
  }

  /** For `expand`: any object by id, in its public form. */
  lookup(id: string): Record<string, unknown> | undefined {
    const found = this.store.find(id);
    return found ? structuredClone(publicView(found)) : undefined;
  }

  /** Fields Stripe leaves out unless expanded. */
  include(obj: Record<string, unknown>, field: string): unknown {
    const id = obj.id as string;
    const s = this.state;
    switch (`${String(obj.object)}.${field}`) {
      case 'checkout.session.line_items':
        return listOf(structuredClone(s.checkoutLineItems[id] ?? []), `/v1/checkout/sessions/${id}/line_items`);
      case 'charge.refunds':
        return listOf(
          structuredClone(Object.values(s.refunds).filter((r) => r.charge === id).reverse()),
          `/v1/charges/${id}/refunds`,
        );
      case 'invoice.payments':
        return listOf(
          structuredClone(Object.values(s.invoicePayments).filter((p) => p.invoice === id)),
          `/v1/invoice_payments?invoice=${id}`,
        );
      case 'customer.subscriptions':
        return listOf(
          structuredClone(Object.values(s.subscriptions).filter((x) => x.customer === id && x.status !== 'canceled').reverse()),
          `/v1/customers/${id}/subscriptions`,
        );
      default:
        return undefined;
    }
  }

  markDirty(): void {
    this.dirty = true;
  }

  /** Writes state now if anything changed (close, reset). */
  flush(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    if (!this.dirty) return;
    this.dirty = false;
    this.store.save();
  }

  /**
   * Writes state within a second if anything changed (the end of every request). Each write is the
   * whole state (several MB after the webhook suite), so a write per request grew quadratic over a
   * long test run; one a second at most is what a restart needs (50 ms still cost 4.3 CPU-s of the
   * integration tests' stack).
   */
  flushSoon(): void {
    if (!this.dirty || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      try {
        this.flush();
      } catch (err) {
        this.log(`could not save state: ${(err as Error).message}`);
      }
    }, 1000);
    this.saveTimer.unref();
  }

  /** Marks state changed and writes it soon (webhook bookkeeping). */
  persistSoon(): void {
    this.markDirty();
    this.flushSoon();
  }

  /** Back to a fresh, seeded state with the real-time clock. */
  reset(): void {
    const fresh = emptyState();
    this.store.reset(fresh);
    seedCatalog(fresh, this.clock.now());
    this.markDirty();
    this.flush();
  }
}

/** Top-level fields whose values differ: Stripe's `previous_attributes` for `*.updated` events. */
export function changedFields(before: object, after: object): Record<string, unknown> {
  const prev: Record<string, unknown> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) prev[key] = a[key] ?? null;
  }
  return prev;
}
