import fc from 'fast-check';
import Stripe from 'stripe';
import type { RouteDef } from '#shared/api/route';
import { MAX_BODY_BYTES } from '../../../lambdas/lib/parse-request';
import { encodeParams, encodeQuery, isDotSegment, type FuzzRequest } from './fuzz-request';
import { jsonSchemaOf, type ValidSample } from './valid-sample';

/**
 * fast-check arbitraries of malformed variants of a route's valid sample. Each arbitrary breaks
 * one thing (a field's type, a missing or extra field, size, unicode, prototype keys, JSON syntax,
 * content type, query or path values); `expectedRefusal` later drops the few that stay valid.
 */

type Path = (string | number)[];
type Json = unknown;
const JSON_TYPE = { 'content-type': 'application/json' };
const stripeSdk = new Stripe('sk_test_fuzz');

// ── values ────────────────────────────────────────────────────────────────────

const wrongTypeValue = fc.constantFrom<Json>(0, -1, 1.5, 2 ** 53, 1e308, true, false, null, [], {}, '', 'text', ['text'], { nested: 'x' }, [[]]);

const unicodeSpecials = [
  '😀', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\u202Eevil\u202C', 'שלום עולם', '\u0000', 'a\u0000b', '\uD800', '\uDFFF', 'x\uDBFFy', 'e\u0301',
  '\uFEFF', '\u200B', '\u2028\u2029', '\r\n', '\u001b[31m', 'Ω≈ç√∫', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd',
  '%00', '${jndi:ldap://x}', '{{7*7}}',
];

/**
 * Valid text that a cut by UTF-16 code units breaks (issue #22 §6): a surrogate pair, a letter with
 * combining marks, an emoji ZWJ sequence or flag, right-to-left and zero-width characters, or a lone
 * surrogate, placed so that it straddles one of the cut points (`cuts`, e.g. a download name's 120
 * characters or a field's limit). Each string stays within `max` UTF-16 code units.
 */
export const unicodeAtCut = (cuts: number[], max: number) =>
  fc
    .tuple(
      fc.constantFrom(...cuts),
      fc.integer({ min: -3, max: 1 }),
      fc.constantFrom('😀', '𝔘𝔫', 'e\u0301\u0301', '👩‍👩‍👧‍👦', '🇫🇷🇩🇪', 'שלום \u202Bעולם\u202C', '\u202Eevil', '\u200B\u200D\uFEFF', '\uD83D', '\uDE00', '\u0627\u0644\u0639'),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    )
    .map(([cut, shift, special, tail]) => `${'a'.repeat(Math.max(1, cut + shift))}${special}${tail}`.slice(0, max))
    .filter((s) => s.trim().length > 0 && s.length <= max);
const unicodeString = fc.oneof(
  fc.constantFrom(...unicodeSpecials),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
);
const hugeChar = fc.constantFrom('x', 'é', '😀', '\u202E', '\u0000', '\uD800');
/** Longer than every field's limit, up to past the body limit. */
const hugeString = fc
  .tuple(hugeChar, fc.constantFrom(300, 5_001, 10_000, 100_000, MAX_BODY_BYTES + 1))
  .map(([c, n]) => c.repeat(Math.ceil(n / Buffer.byteLength(c))));
/** Byte sequences that are not UTF-8 (stray continuation, overlong slash, encoded surrogate, 5-byte form). */
const invalidUtf8 = [[0xff], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]];
const BYTES_MARK = 'fuzz-bytes-go-here';
const pollution = '{"isStaff":true,"fuzzPolluted":"yes","admin":true,"seats":1000000,"orgRole":"admin"}';
const protoPairs = [
  `"__proto__":${pollution}`, `"constructor":{"prototype":${pollution}}`, `"prototype":${pollution}`,
  '"__proto__":null', '"__proto__":"x"', '"__proto__":[1]', '"constructor":null', '"constructor":{"name":"x"}',
];
const extraKey = fc.oneof(
  fc.constantFrom('isStaff', 'admin', 'role', 'orgRole', 'orgId', 'userId', 'seats', 'status', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'ID'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const anyJson = fc.oneof(wrongTypeValue, unicodeString, fc.jsonValue({ maxDepth: 2 }));

// ── paths into a sample value ─────────────────────────────────────────────────

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every path below the root (containers and leaves). */
function pathsOf(v: unknown, at: Path = []): Path[] {
  const kids: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : isObject(v) ? Object.entries(v) : [];
  return kids.flatMap(([k, x]) => [[...at, k], ...pathsOf(x, [...at, k])]);
}
const objectPathsOf = (v: unknown): Path[] => [[], ...pathsOf(v)].filter((p) => isObject(getAt(v, p)));
const getAt = (v: unknown, p: Path): unknown => p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], v);

/** A copy with `value` at `path` (an own data property even for keys like `__proto__`); `undefined` deletes. */
function setAt(v: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(v);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown> | unknown[];
  const key = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else {
    Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** JSON text with a raw `"key":value` pair put first into the object at `path` (JSON.stringify would drop `__proto__`). */
function stringifyWithPair(v: unknown, path: Path, pair: string): string {
  if (path.length === 0) {
    const rest = JSON.stringify(v).slice(1);
    return `{${pair}${rest === '}' ? '' : ','}${rest}`;
  }
  const [head, ...tail] = path;
  if (Array.isArray(v)) return `[${v.map((x, i) => (i === head ? stringifyWithPair(x, tail, pair) : JSON.stringify(x))).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>);
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${k === head ? stringifyWithPair(x, tail, pair) : JSON.stringify(x)}`).join(',')}}`;
}

// ── requests ──────────────────────────────────────────────────────────────────

function baseRequest(route: RouteDef, sample: ValidSample): FuzzRequest {
  return {
    route, kind: 'valid', rawParams: encodeParams(sample.params), rawQuery: encodeQuery(Object.entries(sample.query ?? {})),
    headers: route.body ? { ...JSON_TYPE } : {}, body: route.body ? JSON.stringify(sample.body) : undefined,
  };
}

type Variant = Partial<Omit<FuzzRequest, 'route'>> & { kind: string };
const arb = (base: FuzzRequest, a: fc.Arbitrary<Variant>) => a.map((v): FuzzRequest => ({ ...base, ...v }));

function bodyMutations(body: Record<string, unknown>): fc.Arbitrary<Variant>[] {
  const paths = pathsOf(body);
  const text = (v: unknown, kind: string): Variant => ({ kind, body: JSON.stringify(v), headers: { ...JSON_TYPE } });
  const atPaths = paths.length
    ? [
        fc.tuple(fc.constantFrom(...paths), wrongTypeValue).map(([p, x]) => text(setAt(body, p, x), `wrong type at ${p.join('.')}`)),
        fc.constantFrom(...paths).map((p) => text(setAt(body, p, undefined), `missing ${p.join('.')}`)),
        fc.tuple(fc.constantFrom(...paths), hugeString).map(([p, s]) => text(setAt(body, p, s), `huge string (${s.length} chars) at ${p.join('.')}`)),
        fc.tuple(fc.constantFrom(...paths), unicodeString, fc.constantFrom('replace', 'append', 'prepend')).map(([p, s, how]) => {
          const old = String(getAt(body, p) ?? '');
          return text(setAt(body, p, how === 'replace' ? s : how === 'append' ? old + s : s + old), `unicode (${how}) at ${p.join('.')}`);
        }),
        fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...invalidUtf8)).map(([p, bytes]) => {
          const [head, tail] = JSON.stringify(setAt(body, p, BYTES_MARK)).split(BYTES_MARK);
          const raw = new Uint8Array(Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]));
          return { kind: `invalid UTF-8 at ${p.join('.')}`, headers: { ...JSON_TYPE }, body: raw };
        }),
        // A repeated key: JSON.parse keeps the last one.
        fc.tuple(fc.constantFrom(...Object.keys(body)), wrongTypeValue).map(([k, x]) => ({
          kind: `duplicate key ${k}`, headers: { ...JSON_TYPE }, body: `${JSON.stringify(body).slice(0, -1)},${JSON.stringify(k)}:${JSON.stringify(x)}}`,
        })),
      ]
    : [];
  return [
    ...atPaths,
    fc.tuple(fc.constantFrom(...objectPathsOf(body)), extraKey, anyJson)
      .map(([p, k, x]) => text(setAt(body, [...p, k], x), `extra field ${JSON.stringify(k)}`)),
    fc.tuple(fc.constantFrom(...objectPathsOf(body)), fc.constantFrom(...protoPairs))
      .map(([p, pair]) => ({ kind: `prototype key ${pair.slice(0, 16)}`, body: stringifyWithPair(body, p, pair), headers: { ...JSON_TYPE } })),
    fc.constantFrom('[]', 'null', '1', '"text"', 'true', '[{}]', '-0').map((b) => ({ kind: 'not an object', body: b, headers: { ...JSON_TYPE } })),
  ];
}

/** Broken transport: JSON syntax, content type, size. Applies to every route that takes a body. */
function transportMutations(validText: string): fc.Arbitrary<Variant>[] {
  const asJson = (kind: string) => (body: string): Variant => ({ kind, body, headers: { ...JSON_TYPE } });
  return [
    fc.nat({ max: Math.max(validText.length - 1, 1) }).map((n) => asJson('truncated JSON')(validText.slice(0, n) || '{')),
    fc.constantFrom(
      "{'a':1}", '{"a":1,}', 'NaN', 'undefined', `${validText} trailing`, `\uFEFF${validText}`, '{"a":01}', '[', 'nul', '{"a":"\\x41"}',
      '{"a":1} {"b":2}', '/* c */ {}', '{a:1}', '{"a":"unterminated}', `${validText}}`, '{"\\u0000":', '\u0000',
    ).map(asJson('invalid JSON')),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== '').map(asJson('random text as JSON')),
    fc.constantFrom(
      'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'text/json', 'json',
      'application/jsn', 'application/x-json', '', 'text/html; charset=utf-8', 'image/png', '*/*',
    ).map((type): Variant => ({ kind: `content type "${type}"`, body: validText, headers: { 'content-type': type } })),
    // Bytes make fetch send no content type at all.
    fc.constant<Variant>({ kind: 'no content type', body: new TextEncoder().encode(validText), headers: {} }),
    fc.constantFrom(MAX_BODY_BYTES + 1, MAX_BODY_BYTES + 65_536, 1_000_000).map((n): Variant => ({
      kind: `oversized body (${n} bytes)`, headers: { ...JSON_TYPE }, body: `{"pad":"${'x'.repeat(n)}"}`,
    })),
  ];
}

const rawQueryPieces = ['%', '%zz', 'a=%E0%A4%A', '&&', '=', '==', '=x', '%00=1', 'a[b]=1', 'a[]=1&a[]=2', '__proto__[isStaff]=true', 'constructor[prototype][x]=1'];

function queryMutations(route: RouteDef, query: Record<string, string>): fc.Arbitrary<Variant>[] {
  const keys = Object.keys(jsonSchemaOf(route.query!).properties ?? {});
  const entries = Object.entries(query);
  const q = (kind: string, e: [string, string][]): Variant => ({ kind, rawQuery: encodeQuery(e) });
  const badValue = fc.oneof(
    unicodeString, fc.constantFrom('', '0', '-1', '1.5', '1e3', '0x10', 'NaN', 'Infinity', ' 1', 'true ', 'TRUE', 'maybe', 'A,B', 'null', '[]'),
    fc.constantFrom(129, 300, 4_000).map((n) => 'a'.repeat(n)), // two of them stay under Node's 16 KB header limit
  );
  return [
    fc.tuple(fc.oneof(extraKey, fc.constantFrom('__proto__', 'constructor', 'prototype', '__proto__[isStaff]')), unicodeString)
      .map(([k, v]) => q(`unknown query key ${JSON.stringify(k)}`, [...entries, [k, v]])),
    // A route whose query takes no key at all (`z.object({}).strict()`) has only the unknown-key and raw variants.
    ...(keys.length ? [
      fc.tuple(fc.constantFrom(...keys), badValue).map(([k, v]) => q(`bad query value for ${k}`, [...entries.filter(([x]) => x !== k), [k, v]])),
      fc.tuple(fc.constantFrom(...keys), badValue, badValue).map(([k, a, b]) => q(`repeated query key ${k}`, [...entries, [k, a], [k, b]])),
    ] : []),
    fc.constantFrom(...rawQueryPieces).map((raw) => ({ kind: `raw query ${raw}`, rawQuery: [encodeQuery(entries), raw].filter(Boolean).join('&') })),
  ];
}

/** Segments sent exactly as written: encoded slashes, broken escapes, invalid UTF-8. */
const rawSegments = ['%2F', 'a%2Fb', '..%2F..%2Fadmin', '%2e%2e%2fetc', '%5C', '%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF', '%252F', '%E2%80%AE'];

function paramMutations(route: RouteDef, params: Record<string, string>): fc.Arbitrary<Variant>[] {
  const keys = Object.keys(params);
  const encoded = encodeParams(params);
  const raw = (k: string, seg: string, kind: string): Variant => ({ kind: `${kind} in path ${k}`, rawParams: { ...encoded, [k]: seg } });
  const enc = (s: string) => encodeParams({ s }).s;
  return [
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...rawSegments)).map(([k, s]) => raw(k, s, `raw segment ${s}`)),
    fc.tuple(fc.constantFrom(...keys), fc.oneof(unicodeString, fc.constantFrom('', ' ', 'a b', 'a.b', 'a/b', 'a\\b', 'a?b', 'a#b', 'a;b', 'a:b', '@', '*')))
      .map(([k, s]) => raw(k, enc(s), 'bad characters')),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom(129, 500, 4_000)).map(([k, n]) => raw(k, 'a'.repeat(n), `too long (${n})`)),
    fc.tuple(fc.constantFrom(...keys), unicodeString).map(([k, s]) => raw(k, encoded[k] + enc(s), 'unicode appended')),
  ].map((a) => a.filter((v) => !Object.values(v.rawParams ?? {}).some(isDotSegment)));
}

function webhookMutations(secret: string, validText: string): fc.Arbitrary<Variant>[] {
  const now = () => Math.floor(Date.now() / 1000);
  const printable = fc.string({ unit: fc.constantFrom(...'abcdefv0123456789=,t ;:-_'.split('')), maxLength: 120 });
  const signatures = (payload: string) => fc.oneof(
    fc.constant(undefined),
    printable,
    fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `t=${now()},v1=${h}`),
    fc.constant(stripeSdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' })),
    fc.constant(stripeSdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() - 3_600 })),
    fc.constant(stripeSdk.webhooks.generateTestHeaderString({ payload: `${payload} `, secret })),
  );
  const bodies = fc.oneof(
    fc.constant(validText), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), unicodeString,
    fc.constantFrom('', '{', 'null', `{"__proto__":${pollution}}`, `{"id":"evt_1","type":"invoice.paid","__proto__":${pollution}}`),
    fc.constantFrom(MAX_BODY_BYTES + 1).map((n) => `{"pad":"${'x'.repeat(n)}"}`),
  );
  return [
    fc.tuple(bodies, fc.constantFrom('application/json', 'text/plain', '')).chain(([body, type]) =>
      signatures(body).map((sig): Variant => ({
        kind: sig === undefined ? 'webhook without signature' : 'webhook with a bad signature', body,
        headers: { ...(type ? { 'content-type': type } : {}), ...(sig === undefined ? {} : { 'stripe-signature': sig }) },
      }))),
  ];
}

/** A Stripe-shaped event (ids carry the run marker, so a write it caused would be found). */
const sampleWebhookEvent = (run: string) => JSON.stringify({
  id: `evt_fuzz_${run}`, object: 'event', type: 'customer.subscription.updated', created: 1_700_000_000,
  data: { object: { id: `sub_fuzz_${run}`, object: 'subscription', customer: `cus_fuzz_${run}`, status: 'active' } },
});

/** Every malformed variant that applies to the route, as one arbitrary. */
export function malformedRequests(route: RouteDef, sample: ValidSample, opts: { run: string; webhookSecret: string }): fc.Arbitrary<FuzzRequest> {
  const base = baseRequest(route, sample);
  if (route.caller === 'stripe-signature') {
    const event = sampleWebhookEvent(opts.run);
    return fc.oneof(...webhookMutations(opts.webhookSecret, event).map((a) => arb({ ...base, body: event }, a)));
  }
  const variants: fc.Arbitrary<Variant>[] = [];
  if (route.body) variants.push(...bodyMutations(sample.body ?? {}));
  if (route.method !== 'GET') variants.push(...transportMutations(JSON.stringify(sample.body ?? {})));
  if (route.query) variants.push(...queryMutations(route, sample.query ?? {}));
  if (route.params) variants.push(...paramMutations(route, sample.params ?? {}));
  return fc.oneof(...variants.map((a) => arb(base, a)));
}

/** The one body past API Gateway's 10 MB limit, refused before any Lambda runs. */
export function overApiGatewayLimit(route: RouteDef, sample: ValidSample): FuzzRequest {
  return { ...baseRequest(route, sample), kind: 'body over 10 MB', headers: { ...JSON_TYPE }, body: `{"pad":"${'x'.repeat(10 * 1024 * 1024 + 1)}"}` };
}

/** The valid request the mutations start from (sent by nobody: used to check the oracle). */
export const validRequest = baseRequest;
