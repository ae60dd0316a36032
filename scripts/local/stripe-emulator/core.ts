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
import { WebhookDispatcher } from './webhooks';

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

  constructor(opts: CoreOptions) {
    this.log = opts.log;
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
      url: opts.webhookUrl,
      secret: opts.webhookSecret,
      retryDelaysMs: opts.webhookRetryDelaysMs ?? [1_000, 2_000, 4_000, 8_000, 16_000],
      log: opts.log,
      onAttempt: (eventId, attempts) => {
        if (eventId in this.state.pendingWebhooks) this.state.pendingWebhooks[eventId] = attempts;
        this.persistSoon();
      },
      onSettled: (eventId, delivered) => {
        delete this.state.pendingWebhooks[eventId];
        const event = this.state.events[eventId];
        if (event && delivered) event.pending_webhooks = 0;
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
    for (const [eventId, attempts] of Object.entries(this.state.pendingWebhooks)) {
      const event = this.state.events[eventId];
      if (!event) {
        delete this.state.pendingWebhooks[eventId];
        continue;
      }
      this.webhooks.enqueue(eventId, event.type, this.payloadOf(event), attempts);
    }
  }

  /**
   * Records an event for a state change and queues its webhook. `data.object` is a
   * snapshot taken now, like Stripe's, so later changes don't leak into old events.
   */
  emit(type: string, object: StoredObject, previousAttributes?: Record<string, unknown>, at = this.now()): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
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
      pending_webhooks: this.webhooks.enabled ? 1 : 0,
      request: { ...this.currentRequest },
      type,
    };
    this.state.events[event.id] = event;
    if (this.webhooks.enabled) {
      this.state.pendingWebhooks[event.id] = 0;
      this.webhooks.enqueue(event.id, type, this.payloadOf(event));
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

  /** Writes state now if anything changed (called at the end of every request). */
  flush(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    if (!this.dirty) return;
    this.dirty = false;
    this.store.save();
  }

  /** Coalesces the frequent small writes caused by webhook bookkeeping. */
  persistSoon(): void {
    this.markDirty();
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      try {
        this.flush();
      } catch (err) {
        this.log(`could not save state: ${(err as Error).message}`);
      }
    }, 50);
    this.saveTimer.unref();
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
