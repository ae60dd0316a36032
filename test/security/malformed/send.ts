import { describeRequest, pathOf, type FuzzRequest } from './fuzz-request';

export interface Outcome {
  req: FuzzRequest;
  status: number;
  text: string;
  /** Why the answer is not the expected 4xx `{code, message}`; undefined when it is. */
  problem?: string;
}

function problemOf(status: number, text: string): string | undefined {
  if (status < 400 || status > 499) return `status ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  const { code, message } = (body ?? {}) as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return 'body is not {code, message}';
  return undefined;
}

/** Sends one generated request exactly as built, with the caller's token (and upload grant header) when it has one. */
export async function send(apiUrl: string, req: FuzzRequest, token?: string, extraHeaders: Record<string, string> = {}): Promise<Outcome> {
  const url = `${apiUrl}${pathOf(req)}${req.rawQuery ? `?${req.rawQuery}` : ''}`;
  const headers = { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders };
  try {
    const res = await fetch(url, { method: req.route.method, headers, body: req.body });
    const text = await res.text();
    return { req, status: res.status, text, problem: problemOf(res.status, text) };
  } catch (e) {
    return { req, status: 0, text: String(e), problem: `request failed: ${(e as Error).message}` };
  }
}

/** Runs `fn` over `items` with at most `n` in flight. */
export async function inFlight<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

export const describeOutcome = (o: Outcome) => `${describeRequest(o.req)} → ${o.status} ${o.text.slice(0, 200)}`;
