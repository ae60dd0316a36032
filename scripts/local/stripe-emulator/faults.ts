// Fault injection for tests: make the next N API requests matching a method and path prefix fail
// or hang, so the product's handling of a Stripe outage can be exercised end to end.
//   POST   /_emulator/faults  { path, method?, count?, status?, hang_ms?, after? } → the fault armed
//     hang_ms alone: a slow Stripe; status: a failure (default 500 when no hang_ms); after: the
//     request is carried out first, then the wait and/or failure (a change made, its answer late or lost)
//   GET    /_emulator/faults  → { data: [armed faults] }
//   DELETE /_emulator/faults  → all faults cleared (so does POST /_emulator/reset)
// Faults live in memory only: they never survive a restart.

import { decodeForm } from './form-decode';

export interface FaultSpec {
  /** Path prefix of the API requests to hit, e.g. `/v1/subscriptions`. */
  path: string;
  /** GET, POST or DELETE; any method when omitted. */
  method?: string;
  /** How many matching requests it hits (SDK retries count too). Default 1. */
  count: number;
  /** HTTP status answered instead of the real answer; default 500 unless `hangMs` is given. */
  status?: number;
  /** Wait this long before carrying the request out (with `after`: before sending the answer). */
  hangMs?: number;
  /** Carry the request out first: with `status` the change is made but the answer lost; with only `hangMs` a late answer. */
  after?: boolean;
}

export interface ArmedFault extends FaultSpec {
  id: number;
  remaining: number;
}

export class FaultSwitch {
  private faults: ArmedFault[] = [];
  private nextId = 1;

  arm(spec: FaultSpec): ArmedFault {
    const fault: ArmedFault = { ...spec, id: this.nextId++, remaining: spec.count };
    this.faults.push(fault);
    return fault;
  }

  clear(): void {
    this.faults = [];
  }

  list(): ArmedFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** The first armed fault matching this request, used up by one; undefined when none. */
  take(method: string, pathname: string): ArmedFault | undefined {
    const fault = this.faults.find((f) => (!f.method || f.method === method) && pathname.startsWith(f.path));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}

/** Stripe's shape for a server-side failure. */
export const faultBody = (fault: ArmedFault) => ({
  error: { type: 'api_error', message: `Injected fault #${fault.id} (local Stripe emulator).` },
});

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parseSpec(body: string, query: URLSearchParams): FaultSpec {
  const trimmed = body.trim();
  const raw: Record<string, unknown> = {
    ...Object.fromEntries(query.entries()),
    ...(trimmed.startsWith('{') ? (JSON.parse(trimmed) as Record<string, unknown>) : trimmed ? decodeForm(trimmed) : {}),
  };
  const num = (v: unknown, name: string): number | undefined => {
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer.`);
    return n;
  };
  if (typeof raw.path !== 'string' || !raw.path.startsWith('/')) throw new Error('path must be a path prefix such as /v1/subscriptions.');
  const method = typeof raw.method === 'string' && raw.method ? raw.method.toUpperCase() : undefined;
  const hangMs = num(raw.hang_ms, 'hang_ms');
  const after = raw.after === true || raw.after === 'true';
  const status = num(raw.status, 'status') ?? (hangMs !== undefined ? undefined : 500);
  if (status !== undefined && (status < 400 || status > 599)) throw new Error('status must be 400-599.');
  return { path: raw.path, method, count: num(raw.count, 'count') ?? 1, status, hangMs, after };
}

/** `/_emulator/faults`; undefined for any other path. */
export function handleFaultAdmin(
  faults: FaultSwitch, method: string, path: string, body: string, query: URLSearchParams,
): { status: number; json: unknown } | undefined {
  if (path.replace(/\/+$/, '') !== '/_emulator/faults') return undefined;
  if (method === 'GET') return { status: 200, json: { data: faults.list() } };
  if (method === 'DELETE') {
    faults.clear();
    return { status: 200, json: { cleared: true } };
  }
  if (method !== 'POST') return undefined;
  try {
    return { status: 200, json: faults.arm(parseSpec(body, query)) };
  } catch (err) {
    return { status: 400, json: { error: { type: 'invalid_request_error', message: (err as Error).message } } };
  }
}
