// Non-Stripe endpoints under /_emulator/ for tests and manual debugging:
//   GET  /_emulator/state               dump of all state
//   GET  /_emulator/clock               { now, offset }
//   POST /_emulator/advance             { seconds } (or days/hours) → moves the clock and runs due transitions;
//                                       with { customer } (an id or an e-mail) only what falls due for that customer
//                                       within that time runs, at the moments it was due; the clock stays
//   POST /_emulator/fail-next-payment   { customer, count? } → the next automatic charge(s) fail
//   POST /_emulator/reset               back to a fresh, seeded state
// Bodies may be JSON or form-encoded; query parameters work too.

import { SECONDS } from './clock';
import type { EmulatorCore } from './core';
import { decodeForm } from './form-decode';
import { processDueTransitions } from './lifecycle';
import { materialize } from './render';

export interface AdminResponse {
  status: number;
  json: unknown;
}

function parseBody(body: string, query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(query.entries());
  const trimmed = body.trim();
  if (!trimmed) return out;
  if (trimmed.startsWith('{')) {
    try {
      return { ...out, ...(JSON.parse(trimmed) as Record<string, unknown>) };
    } catch {
      throw new AdminError('Body is not valid JSON.');
    }
  }
  return { ...out, ...decodeForm(trimmed) };
}

class AdminError extends Error {}

function num(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new AdminError(`Expected a non-negative number, got ${JSON.stringify(value)}.`);
  return n;
}

/** A customer by id, or the newest live one with that e-mail (tests know the address they signed up with). */
function customerNamed(core: EmulatorCore, value: unknown): string {
  const name = typeof value === 'string' ? value : '';
  const live = Object.values(core.state.customers).filter((c) => !c.deleted);
  const found = live.find((c) => c.id === name) ?? live.filter((c) => c.email === name).at(-1);
  if (!found) throw new AdminError(`No such customer: '${name}'`);
  return found.id;
}

function clock(core: EmulatorCore): Record<string, unknown> {
  const now = core.now();
  return { now, iso: new Date(now * 1000).toISOString(), offset: core.clock.offset() };
}

export function advance(core: EmulatorCore, seconds: number, customer?: string): number {
  if (customer === undefined) core.clock.advance(seconds);
  const transitions = processDueTransitions(core, customer === undefined ? undefined : { customer, seconds: Math.floor(seconds) });
  core.flushSoon();
  return transitions;
}

export function handleAdmin(core: EmulatorCore, method: string, path: string, body: string, query: URLSearchParams): AdminResponse | undefined {
  try {
    const route = `${method} ${path.replace(/\/+$/, '')}`;
    switch (route) {
      case 'GET /_emulator/state':
        return { status: 200, json: materialize(core.state, core.origin) };
      case 'GET /_emulator/clock':
        return { status: 200, json: clock(core) };
      case 'POST /_emulator/advance': {
        const b = parseBody(body, query);
        const seconds = (num(b.seconds) ?? 0) + (num(b.minutes) ?? 0) * 60 + (num(b.hours) ?? 0) * SECONDS.hour + (num(b.days) ?? 0) * SECONDS.day;
        const customer = b.customer === undefined ? undefined : customerNamed(core, b.customer);
        const transitions = advance(core, seconds, customer);
        const json = { ...clock(core), advanced: seconds, transitions };
        return { status: 200, json: customer ? { ...json, customer } : json };
      }
      case 'POST /_emulator/fail-next-payment': {
        const b = parseBody(body, query);
        const customer = typeof b.customer === 'string' ? b.customer : '';
        if (!core.state.customers[customer]) throw new AdminError(`No such customer: '${customer}'`);
        const count = num(b.count) ?? 1;
        if (count === 0) delete core.state.failNextPayment[customer];
        else core.state.failNextPayment[customer] = Math.floor(count);
        core.markDirty();
        core.flushSoon();
        return { status: 200, json: { customer, failNextPayments: count } };
      }
      case 'POST /_emulator/reset':
        core.reset();
        return { status: 200, json: { reset: true, ...clock(core) } };
      default:
        return undefined;
    }
  } catch (err) {
    if (err instanceof AdminError || (err instanceof Error && err.message.startsWith('Cannot advance'))) {
      return { status: 400, json: { error: { type: 'invalid_request_error', message: err.message } } };
    }
    throw err;
  }
}
