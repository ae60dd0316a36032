import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeList } from '#shared/api/routes';
import { methodsOf, needsToken, type RouteDef } from '#shared/api/route';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { withInvocationLogger } from '../../lambdas/lib/logger';
import { compilePath, toApiEvent } from './api-events';
import { HOST } from './ports';
import { corsAllows } from '#shared/extension/cors-origins';

type ApiHandler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
export type Authorizer = (authorization: string | undefined) => Promise<Record<string, unknown> | undefined>;
export type Mount = (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => Promise<boolean> | boolean;

/** API Gateway refuses payloads over 10 MB before any Lambda runs. */
const MAX_PAYLOAD = 10 * 1024 * 1024;

const loaded = new Map<string, Promise<ApiHandler>>();
function loadHandler(route: RouteDef): Promise<ApiHandler> {
  let p = loaded.get(route.handler);
  if (!p) {
    // The handler module named by the route table entry, the same file CDK bundles.
    const file = pathToFileURL(resolve(import.meta.dirname, '../../lambdas', `${route.handler}.ts`)).href;
    p = import(/* @vite-ignore */ file).then((m: { handler: ApiHandler }) => m.handler);
    loaded.set(route.handler, p);
  }
  return p;
}

export function lambdaContext(name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false, functionName: name, functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`, memoryLimitInMB: '512',
    awsRequestId: crypto.randomUUID(), logGroupName: `/aws/lambda/${name}`, logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000, done: () => {}, fail: () => {}, succeed: () => {},
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_PAYLOAD) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_PAYLOAD ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const compiled = routeList.map((route) => ({ route, match: compilePath(route.path) }));

/**
 * Serves every route of the route table with API-Gateway-shaped events and the same JWT check
 * as the deployed authorizer. `mounts` add local-only endpoints (Lambda Invoke, outbox…).
 */
export async function startApiServer(opts: {
  port: number;
  authorize: Authorizer;
  corsOrigins: string[];
  mounts?: Mount[];
}): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && corsAllows(opts.corsOrigins, origin)
        ? {
            'access-control-allow-origin': origin, vary: 'Origin',
            'access-control-allow-headers': `authorization,content-type,${UPLOAD_GRANT_HEADER}`, 'access-control-allow-methods': 'GET,POST,PUT,DELETE,OPTIONS',
            'access-control-max-age': '600',
          }
        : {};
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? HOST}`);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        return res.end();
      }
      const body = await readBody(req);
      if (body === 'too-large') return send(res, 413, { code: 'payload_too_large', message: 'Request too large.' }, cors);
      // Mounts include the Lambda Invoke endpoint, whose triggers log without a Lambda context:
      // counted as invocations so their lines never carry a concurrent API invocation's context.
      const mounted = await withInvocationLogger(undefined, false, async () => {
        for (const mount of opts.mounts ?? []) if (await mount(req, res, url, body)) return true;
        return false;
      });
      if (mounted) return;

      // The first route whose path and method match; 404 if no path matches, 405 if only the method is wrong.
      let pathMatched = false;
      let hit: { route: RouteDef; params: Record<string, string> } | undefined;
      for (const c of compiled) {
        const params = c.match(url.pathname);
        if (!params) continue;
        pathMatched = true;
        if (methodsOf(c.route).includes(req.method ?? '')) {
          hit = { route: c.route, params };
          break;
        }
      }
      if (!pathMatched) return send(res, 404, { code: 'not_found', message: 'No such route.' }, cors);
      if (!hit) return send(res, 405, { code: 'method_not_allowed', message: 'Method not allowed.' }, cors);

      let claims: Record<string, unknown> | undefined;
      if (needsToken(hit.route)) {
        claims = await opts.authorize(req.headers.authorization);
        if (!claims) return send(res, 401, { code: 'unauthorized', message: 'Sign in required.' }, cors);
      }
      const event = toApiEvent({ req, route: hit.route, url, body, pathParameters: hit.params, claims });
      const handler = await loadHandler(hit.route);
      const result = await handler(event, lambdaContext(hit.route.id));
      res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>), ...cors });
      res.end(result.body ?? '');
    } catch (e) {
      console.error('[api] unhandled', e);
      send(res, 500, { code: 'internal', message: 'Internal error.' }, cors);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, HOST, () => resolve());
  });
  const url = `http://${HOST}:${(server.address() as { port: number }).port}`;
  return { url, server, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
