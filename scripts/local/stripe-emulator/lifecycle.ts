// Time-driven transitions. After the clock moves (advanceClock, or just real time
// passing), every transition that fell due is applied in time order, each at the
// moment it was due: advancing two years renews twice, and events carry the
// timestamps they would have had.

import {
  buildInvoice,
  endPeriod,
  endTrial,
  INCOMPLETE_EXPIRY,
  periodEnd,
  retryInvoice,
  subscriptionIdOf,
} from './billing';
import { SECONDS } from './clock';
import type { EmulatorCore } from './core';
import type { StoredObject, Subscription } from './types';

/** Stripe's defaults: `trial_will_end` and `invoice.upcoming` three days ahead. */
const NOTICE_LEAD = 3 * SECONDS.day;

interface Due {
  at: number;
  /** Whose transition it is: an advance for one customer runs only theirs. */
  customer: string | null;
  run: () => void;
}

function dueTransitions(core: EmulatorCore): Due[] {
  const s = core.state;
  const due: Due[] = [];

  for (const sub of Object.values(s.subscriptions)) {
    switch (sub.status) {
      case 'trialing': {
        const end = sub.trial_end ?? periodEnd(sub);
        due.push({ at: end, customer: sub.customer, run: () => endTrial(core, sub, end) });
        noticeBefore(core, due, sub, 'customer.subscription.trial_will_end', end, () => sub);
        break;
      }
      case 'active':
      case 'past_due': {
        const end = periodEnd(sub);
        due.push({ at: end, customer: sub.customer, run: () => endPeriod(core, sub, end) });
        if (sub.status === 'active' && !sub.cancel_at_period_end) {
          noticeBefore(core, due, sub, 'invoice.upcoming', end, () => upcomingInvoice(core, sub, end));
        }
        break;
      }
      case 'incomplete': {
        const at = sub.created + INCOMPLETE_EXPIRY;
        due.push({ at, customer: sub.customer, run: () => expireIncomplete(core, sub, at) });
        break;
      }
      default:
        break;
    }
  }

  for (const inv of Object.values(s.invoices)) {
    if (inv.status === 'open' && inv.next_payment_attempt !== null) {
      const at = inv.next_payment_attempt;
      due.push({ at, customer: inv.customer, run: () => retryInvoice(core, inv, at) });
    }
  }

  for (const session of Object.values(s.checkoutSessions)) {
    if (session.status === 'open') {
      const at = session.expires_at;
      due.push({
        at,
        customer: session.customer,
        run: () => {
          session.status = 'expired';
          session.url = null;
          core.emit('checkout.session.expired', session, undefined, at);
        },
      });
    }
  }
  return due;
}

function noticeBefore(core: EmulatorCore, due: Due[], sub: Subscription, type: string, end: number, object: () => StoredObject): void {
  const key = `${type}:${sub.id}:${end}`;
  if (core.state.noticesSent[key]) return;
  const at = Math.max(end - NOTICE_LEAD, sub.created);
  due.push({
    at,
    customer: sub.customer,
    run: () => {
      core.state.noticesSent[key] = true;
      core.emit(type, object(), undefined, at);
    },
  });
}

/** Preview of the renewal invoice (Stripe's upcoming invoices have no id of their own). */
function upcomingInvoice(core: EmulatorCore, sub: Subscription, end: number): StoredObject {
  const preview = buildInvoice(core, sub, { reason: 'subscription_cycle', at: end, id: `upcoming_${sub.id}` });
  return preview;
}

function expireIncomplete(core: EmulatorCore, sub: Subscription, at: number): void {
  sub.status = 'incomplete_expired';
  sub.ended_at = at;
  for (const inv of Object.values(core.state.invoices)) {
    if (subscriptionIdOf(inv) === sub.id && inv.status === 'open') {
      inv.status = 'void';
      inv.next_payment_attempt = null;
      inv.amount_remaining = 0;
      inv.status_transitions.voided_at = at;
      core.emit('invoice.voided', inv, undefined, at);
    }
  }
  core.emit('customer.subscription.deleted', sub, undefined, at);
}

/**
 * Applies every transition due by the current emulator time. Returns how many ran. With `ahead`,
 * one customer's transitions due within that many seconds from now run too, at the moments they
 * were due (a Stripe test clock moved for that customer alone); nobody else's time moves.
 */
export function processDueTransitions(core: EmulatorCore, ahead?: { customer: string; seconds: number }): number {
  const now = core.now();
  const dueBy = (d: Due) => now + (ahead && d.customer === ahead.customer ? ahead.seconds : 0);
  let count = 0;
  // Bounded so a bug can never spin forever; a century of monthly renewals fits easily.
  for (let i = 0; i < 100_000; i++) {
    const next = dueTransitions(core)
      .filter((d) => d.at <= dueBy(d))
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    next.run();
    count++;
  }
  if (count > 0) core.markDirty();
  return count;
}
