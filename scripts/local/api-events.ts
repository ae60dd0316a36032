import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { RouteDef } from '#shared/api/route';

/** API Gateway HTTP APIs pass JWT claims as strings; arrays arrive as "[a b]". Mirror that. */
function flattenClaims(payload: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(payload)) {
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string);
  }
  return out;
}

/** Compiles `/images/{id}/` into a matcher that yields `{id}`. */
export function compilePath(path: string): (p: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const re = new RegExp(
    '^' + path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => (names.push(n), '([^/]+)')) + '$',
  );
  return (p) => {
    const m = re.exec(p);
    if (!m) return undefined;
    try {
      return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    } catch {
      return Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
    }
  };
}

/** The payload-format-2.0 event API Gateway would hand the route's Lambda. */
export function toApiEvent(opts: {
  req: IncomingMessage;
  route: RouteDef;
  url: URL;
  body: Buffer;
  pathParameters: Record<string, string>;
  claims?: Record<string, unknown>;
}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { req, route, url, body } = opts;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  const joined = new Map<string, string>();
  for (const [k, v] of url.searchParams) joined.set(k, joined.has(k) ? `${joined.get(k)},${v}` : v);
  // Own properties as in API Gateway's JSON event: assigning `query['__proto__']` would drop that key silently.
  const query: Record<string, string> = Object.fromEntries(joined);
  const now = Date.now();
  // HEAD on a route that answers it is its own route in API Gateway: `HEAD /s/{token}`.
  const method = req.method === 'HEAD' && route.head ? 'HEAD' : route.method;
  const routeKey = `${method} ${route.path}`;
  const isText = body.length === 0 || /json|text|x-www-form-urlencoded/i.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(opts.pathParameters).length ? opts.pathParameters : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
    requestContext: {
      accountId: '000000000000', apiId: 'local', domainName: url.host, domainPrefix: 'local',
      http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(), routeKey, stage: '$default', time: new Date(now).toISOString(), timeEpoch: now,
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: opts.claims ? flattenClaims(opts.claims) : {}, scopes: [] } },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}
