// All emulator state lives in one plain JSON-able object, so persistence is a
// single atomic file write and `GET /_emulator/state` is a dump of it.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  Charge,
  CheckoutLineItem,
  CheckoutSession,
  Customer,
  Invoice,
  InvoicePayment,
  PaymentIntent,
  PaymentMethod,
  Price,
  Product,
  Refund,
  SetupIntent,
  StoredObject,
  StripeEvent,
  Subscription,
} from './types';

interface IdempotencyRecord {
  method: string;
  path: string;
  /** The raw request body: a replay with different parameters is an error. */
  body: string;
  status: number;
  response: string;
  created: number;
}

export interface CheckoutSettings {
  trialPeriodDays: number | null;
  trialEnd: number | null;
  subscriptionMetadata: Record<string, string>;
  subscriptionDescription: string | null;
}

export interface State {
  version: 1;
  clockOffset: number;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  setupIntents: Record<string, SetupIntent>;
  checkoutSessions: Record<string, CheckoutSession>;
  /** Line items are "includable" on sessions (only returned with expand), so they live apart. */
  checkoutLineItems: Record<string, CheckoutLineItem[]>;
  /** What a session will create on completion (`subscription_data`, `setup_intent_data`); not part of the Session object. */
  checkoutSettings: Record<string, CheckoutSettings>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  invoicePayments: Record<string, InvoicePayment>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  /** Insertion order = creation order; lists reverse it (Stripe lists newest first). */
  events: Record<string, StripeEvent>;
  idempotency: Record<string, IdempotencyRecord>;
  /** customer id → number of upcoming automatic charges that must fail. */
  failNextPayment: Record<string, number>;
  /** event id → delivery attempts so far, for events not yet delivered to the webhook URL. */
  pendingWebhooks: Record<string, number>;
  /** Keys of one-off notices already sent (trial_will_end, invoice.upcoming). */
  noticesSent: Record<string, true>;
}

type Collection =
  | 'products'
  | 'prices'
  | 'customers'
  | 'paymentMethods'
  | 'setupIntents'
  | 'checkoutSessions'
  | 'subscriptions'
  | 'invoices'
  | 'invoicePayments'
  | 'paymentIntents'
  | 'charges'
  | 'refunds'
  | 'events';

/** Which collection an id belongs to, by its prefix. */
const PREFIXES: [string, Collection][] = [
  ['cus_', 'customers'],
  ['prod_', 'products'],
  ['price_', 'prices'],
  ['pm_', 'paymentMethods'],
  ['seti_', 'setupIntents'],
  ['cs_', 'checkoutSessions'],
  ['sub_', 'subscriptions'],
  ['inpay_', 'invoicePayments'],
  ['in_', 'invoices'],
  ['pi_', 'paymentIntents'],
  ['ch_', 'charges'],
  ['re_', 'refunds'],
  ['evt_', 'events'],
];

export function emptyState(): State {
  return {
    version: 1,
    clockOffset: 0,
    products: {},
    prices: {},
    customers: {},
    paymentMethods: {},
    setupIntents: {},
    checkoutSessions: {},
    checkoutLineItems: {},
    checkoutSettings: {},
    subscriptions: {},
    invoices: {},
    invoicePayments: {},
    paymentIntents: {},
    charges: {},
    refunds: {},
    events: {},
    idempotency: {},
    failNextPayment: {},
    pendingWebhooks: {},
    noticesSent: {},
  };
}

export class Store {
  state: State;

  constructor(
    private readonly file: string | undefined,
    private readonly log: (msg: string) => void,
  ) {
    this.state = this.load() ?? emptyState();
  }

  /** Finds any stored object by id (products may have custom ids, so fall back to a scan). */
  find(id: string): StoredObject | undefined {
    for (const [prefix, coll] of PREFIXES) {
      if (id.startsWith(prefix)) {
        const hit = (this.state[coll] as Record<string, StoredObject>)[id];
        if (hit) return hit;
      }
    }
    for (const [, coll] of PREFIXES) {
      const hit = (this.state[coll] as Record<string, StoredObject>)[id];
      if (hit) return hit;
    }
    return undefined;
  }

  reset(fresh: State): void {
    this.state = fresh;
    this.save();
  }

  private load(): State | undefined {
    if (!this.file || !existsSync(this.file)) return undefined;
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as State;
      if (parsed.version !== 1) throw new Error(`unknown state version ${String(parsed.version)}`);
      // Fill collections added after the file was written.
      return { ...emptyState(), ...parsed };
    } catch (err) {
      // Keep the unreadable file for inspection and start fresh instead of refusing to run.
      const aside = `${this.file}.corrupt-${Date.now()}`;
      renameSync(this.file, aside);
      this.log(`state file ${this.file} could not be read (${(err as Error).message}); moved to ${aside}`);
      return undefined;
    }
  }

  /** Atomic write: a crash mid-write never leaves a half-written state file. */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }
}
