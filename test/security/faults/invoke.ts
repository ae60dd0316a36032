import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { buildPath, type RouteDef } from '#shared/api/route';
import type { ApiEvent, ApiResult } from '../../../lambdas/lib/http';

/** A route's handler module, as the API stack and the local server load it. */
type Handler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

const context = {
  functionName: 'fault-test', functionVersion: '1', invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:fault-test',
  memoryLimitInMB: '256', awsRequestId: 'fault-test', logGroupName: 'g', logStreamName: 's', callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 15_000, done: () => undefined, fail: () => undefined, succeed: () => undefined,
} as unknown as Context;

/**
 * Invokes a handler in this process with the event API Gateway would send after its JWT check
 * (`sub` as the only claim), so faults injected into this process's clients reach it.
 */
export async function invoke(
  handler: Handler, route: RouteDef, opts: { userId?: string; body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const rawPath = buildPath(route.path, opts.params);
  const routeKey = `${route.method} ${route.path}`;
  const event = {
    version: '2.0', routeKey, rawPath, rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: opts.params,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000', apiId: 'local', domainName: 'localhost', domainPrefix: 'local',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'fault-test' },
      requestId: randomUUID(), routeKey, stage: '$default', time: new Date().toISOString(), timeEpoch: Date.now(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: opts.userId ? { sub: opts.userId } : {}, scopes: [] } },
    },
  } as unknown as ApiEvent;
  const result = await handler(event, context);
  return { status: result.statusCode ?? 200, body: JSON.parse(result.body ?? 'null') as Record<string, unknown> };
}
