import middy from '@middy/core';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context } from 'aws-lambda';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef } from '#shared/api/route';
import type { WebPage } from '#shared/api/web-page';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { assertAccountExists, writesAsAccount } from './account-guard';
import { DomainError, statusOf } from './errors';
import { header, isHeadRequest, json, type ApiEvent, type ApiResult } from './http';
import { logger, withInvocationLogger } from './logger';
import { parseRequest } from './parse-request';
import { authorize, principalFromClaims, type Principal } from './principal';
import { assertCurrentStaff } from './staff-guard';
import { tracer } from './tracer';

export interface HandlerInput<R extends RouteDef> {
  principal: R['caller'] extends 'user' | 'staff' | 'upload-grant' ? Principal : Principal | undefined;
  body: BodyOf<R>;
  query: QueryOf<R>;
  params: ParamsOf<R>;
  rawBody: string;
  event: ApiEvent;
  context: Context;
}

type Ctx = Context & { input?: HandlerInput<RouteDef> };

/** Maps any thrown error to `{code, message}`; only unexpected ones are 500, and they never leak a stack. */
function errorToResult(error: unknown): ApiResult {
  if (error instanceof DomainError) return json(statusOf(error.code), { code: error.code, message: error.message });
  logger.error('unhandled error', error as Error);
  return json(500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
}

/** A page route's answer as it is, as HTML (its handler sets every other header); a HEAD gets no body. */
const htmlResult = (page: WebPage, head: boolean): ApiResult => ({
  statusCode: page.status,
  headers: { 'content-type': 'text/html; charset=utf-8', ...page.headers },
  body: head ? '' : page.html,
});

/** Resolves an upload grant to its principal; given by define-grant-handler.ts, so only grant bundles read the grants table. */
export type GrantResolver = (token: string | undefined) => Promise<Principal | undefined>;

const routeInput = (route: RouteDef, grantResolver?: GrantResolver): middy.MiddlewareObj<ApiEvent, ApiResult, Error, Ctx> => ({
  before: async (request) => {
    // Grant routes have no authorizer: the grant header alone names the caller (never a JWT).
    const principal = route.caller === 'upload-grant'
      ? await grantResolver!(header(request.event, UPLOAD_GRANT_HEADER))
      : principalFromClaims(request.event.requestContext?.authorizer?.jwt?.claims);
    authorize(route, principal);
    const parsed = parseRequest(route, request.event);
    // After validation, so bad input costs no read; before the handler, so nothing is written.
    if (principal && writesAsAccount(route)) await assertAccountExists(principal);
    // Staff routes: group membership and TOTP as Cognito holds them now (staff-guard.ts).
    if (principal && route.caller === 'staff') await assertCurrentStaff(principal);
    request.context.input = { principal, ...parsed, event: request.event, context: request.context } as HandlerInput<RouteDef>;
  },
});

const errorResponses = (): middy.MiddlewareObj<ApiEvent, ApiResult, Error, Ctx> => ({
  onError: (request) => {
    request.response = errorToResult(request.error);
  },
});

/**
 * The one middy chain every endpoint uses: tracing (Powertools Tracer: the handler and, through
 * the adapters' clients, each AWS and Stripe call as a subsegment), error mapping, principal and validated input from the
 * route table entry (writes by a signed-in caller also need the caller's user row: account-guard.ts),
 * around a plain typed `fn`; each invocation logs with its own Lambda context
 * (see `withInvocationLogger`). The response is not parsed with the route's zod schema: `fn`'s
 * return type already is the schema's type, and the web API client parses every response with it.
 */
export function defineHandler<R extends RouteDef>(route: R, fn: (input: HandlerInput<R>) => Promise<ResponseOf<R>>, grantResolver?: GrantResolver) {
  // A grant route without a resolver would let nobody in; say so when the module loads.
  if (route.caller === 'upload-grant' && !grantResolver) throw new Error(`${route.id}: use defineGrantHandler`);
  const chain = middy<ApiEvent, ApiResult, Error, Ctx>()
    // First, so its segment spans the whole invocation; captureResponse off: answers may hold personal data.
    .use(captureLambdaHandler(tracer(), { captureResponse: false }))
    .use(errorResponses())
    .use(routeInput(route, grantResolver))
    .handler(async (_event, context) => {
      const result = await fn(context.input as HandlerInput<R>);
      return route.produces === 'html' ? htmlResult(result as WebPage, isHeadRequest(_event)) : json(route.status ?? 200, result);
    });
  let coldStart = true;
  return (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const first = coldStart;
    coldStart = false;
    return withInvocationLogger(context, first, () => chain(event, context as Ctx));
  };
}
