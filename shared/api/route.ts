import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * Who may call a route: anyone, a signed-in user, staff (Cognito group `staff`), Stripe (signed
 * webhook), or the extension with an upload grant (the `x-upload-grant` header: docs/security.md).
 */
type Caller = 'public' | 'user' | 'staff' | 'stripe-signature' | 'upload-grant';

export interface RouteDef {
  id: string;
  method: HttpMethod;
  /** API Gateway path syntax: `/images/{id}/`. */
  path: string;
  caller: Caller;
  /** Handler module under `lambdas/`, without extension; its `handler` export serves the route. */
  handler: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** Success status; 200 unless stated. */
  status?: number;
  /**
   * What the route answers: JSON (the default), or `html` for the public share pages, whose
   * handler returns a whole `WebPage` (status, HTML, headers: a page or a redirect) that is sent
   * as it is. Refused input is still the JSON `{code, message}` of every route.
   */
  produces?: 'json' | 'html';
  /**
   * A GET that answers HEAD too, as GET without the body (link-preview services ask with HEAD).
   * The handler sees the method (`isHeadRequest`) and must change nothing for a HEAD.
   */
  head?: boolean;
}

/** The methods a route answers: its own, and HEAD for a GET that declares `head`. */
export const methodsOf = (route: Pick<RouteDef, 'method' | 'head'>): readonly string[] =>
  route.head && route.method === 'GET' ? [route.method, 'HEAD'] : [route.method];

/** Where a route lives and who calls it: the zod-free half of a table entry (endpoints.ts). */
export type Endpoint = Pick<RouteDef, 'method' | 'path' | 'caller' | 'handler' | 'produces' | 'head'>;
/** The schema half of a table entry (routes.ts). */
export type RouteContract = Omit<RouteDef, 'id' | keyof Endpoint>;

/**
 * The route table from its two halves, keyed by id: each entry's id is its key, and keeps its
 * literal types (caller, schemas), so `routes.x.id` is `'x'` and the id needs no cast anywhere.
 * Every endpoint needs its contract and every contract its endpoint (the compiler checks both).
 */
export function defineRoutes<const E extends Record<string, Endpoint>, const C extends { readonly [K in keyof E]: RouteContract } & Record<Exclude<keyof C, keyof E>, never>>(
  endpoints: E, contracts: C,
): { readonly [K in keyof E & string]: E[K] & C[K] & { readonly id: K } } {
  return Object.fromEntries(Object.entries(endpoints).map(([id, endpoint]) => [id, { ...endpoint, ...contracts[id], id }])) as never;
}

/** One route outside the table (tests), keeping its literal types. */
export function route<const D extends RouteDef>(def: D): D {
  return def;
}

/**
 * Whether a call carries a Cognito access token: `user` and `staff` routes. The web client sends
 * one, API Gateway's JWT authorizer (and the local server) checks it, the handler chain requires
 * a principal. `public` routes (an invite token or nothing is the credential) and
 * `stripe-signature` (the webhook's signature, checked in the handler) take none.
 */
export const needsToken = (route: Pick<RouteDef, 'caller'>): boolean => route.caller === 'user' || route.caller === 'staff';

/**
 * Whether a call carries an upload grant instead: no Cognito authorizer (API Gateway and the local
 * server let it through), the handler chain resolves the grant to its user or answers 401.
 */
export const needsGrant = (route: Pick<RouteDef, 'caller'>): boolean => route.caller === 'upload-grant';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
export type BodyOf<R extends RouteDef> = Infer<R['body']>;
export type QueryOf<R extends RouteDef> = Infer<R['query']>;
export type ParamsOf<R extends RouteDef> = Infer<R['params']>;
export type ResponseOf<R extends RouteDef> = z.infer<R['response']>;
export type RequestOf<R extends RouteDef> = z.input<NonNullable<R['body']>>;

/** Fills `{name}` placeholders of a route path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(v);
  });
}
