import type { RouteDef } from '#shared/api/route';

/**
 * One generated request, kept as the exact bytes that go on the wire: path segments and query
 * already percent-encoded, the body as raw text or bytes. What the server decodes from them is
 * worked out by `decode.ts`, the same way the API does.
 */
export interface FuzzRequest {
  route: RouteDef;
  /** Which mutation made it (for the failure list). */
  kind: string;
  /** Path parameter → the segment as sent (percent-encoded). */
  rawParams: Record<string, string>;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  headers: Record<string, string>;
  /** Text, or bytes (bytes let fetch send no content type at all). */
  body?: string | Uint8Array<ArrayBuffer>;
}

/** A lone surrogate as the three bytes a careless encoder writes; they are not valid UTF-8. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const surrogateBytes = (c: number) =>
  [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');

/** `encodeURIComponent` that does not throw on lone surrogates (they are sent as invalid UTF-8). */
function encodeComponent(s: string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(loneSurrogate)) {
    out += encodeURIComponent(s.slice(last, m.index)) + surrogateBytes(m[0].charCodeAt(0));
    last = m.index + 1;
  }
  return out + encodeURIComponent(s.slice(last));
}

export const encodeQuery = (entries: [string, string][]) =>
  entries.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');

export const encodeParams = (params: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeComponent(v)]));

/** `.` and `..` segments (also percent-encoded) are resolved away by URL parsing before they are sent. */
export const isDotSegment = (raw: string) => /^(\.|%2e){1,2}$/i.test(raw);

export function pathOf(req: Pick<FuzzRequest, 'route' | 'rawParams'>): string {
  return req.route.path.replace(/\{(\w+)\}/g, (_, k: string) => req.rawParams[k] ?? '');
}

/** One line for a failure list: route, mutation, what was sent (shortened). */
export function describeRequest(req: FuzzRequest): string {
  const q = req.rawQuery ? `?${req.rawQuery}` : '';
  const body = typeof req.body === 'string' ? req.body : req.body ? `<${req.body.length} bytes>` : '';
  return `${req.route.id} [${req.kind}] ${req.route.method} ${pathOf(req)}${q}`.slice(0, 200) + (body ? ` body=${body.slice(0, 120)}` : '');
}
