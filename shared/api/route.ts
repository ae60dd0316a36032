import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call a route: anyone, a signed-in user, staff (Cognito group `staff`), or Stripe (signed webhook). */
export type Caller = 'public' | 'user' | 'staff' | 'stripe-signature';

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
}

/** Identity helper that keeps each route's literal types (caller, schemas). */
export function route<const D extends RouteDef>(def: D): D {
  return def;
}

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
