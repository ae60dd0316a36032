import { buildPath, needsToken, type BodyOf, type ParamsOf, type RequestOf, type ResponseOf, type RouteDef } from '#shared/api/route';
import type { z } from 'zod';
import { loadRuntimeConfig } from './runtime-config';

/**
 * The web API client, typed from the route table (shared/api/routes.ts): the route says method,
 * path, who may call it and the response schema, so a call is `apiCall(routes.lookupAccount, {query})`.
 * Success answers are validated with the route's zod schema; failures throw ApiClientError with
 * the server's `{code, message}`.
 */

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/** The machine code of any error (ApiClientError's code, else undefined). */
export const errorCodeOf = (e: unknown): string | undefined => (e instanceof ApiClientError ? e.code : undefined);

/** The message to show for an error: the server's message when there is one. */
export const errorMessageOf = (e: unknown, fallback: string): string =>
  e instanceof Error && e.message ? e.message : fallback;

type QueryValue = string | number | boolean | undefined | null;

/** The route's query names (from its zod schema); values are sent as strings. */
type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType ? { [K in keyof z.input<R['query']>]?: QueryValue } : never;

export interface CallOptions<R extends RouteDef> {
  /** Query values are sent as strings (`true` → 'true'); undefined ones are left out. */
  query?: QueryOf<R>;
  body?: R['body'] extends undefined ? never : RequestOf<R> | BodyOf<R>;
  /** The path's `{name}` values, typed from the route's params schema. */
  params?: ParamsOf<R> extends undefined ? never : ParamsOf<R>;
  signal?: AbortSignal;
  /** The session's token, read beforehand (sign-out clears the session while its revocation is on its way). */
  token?: string;
  /** The request finishes even if the page goes away (sign-out's revocation). */
  keepalive?: boolean;
}

async function tokenFor(route: RouteDef, given?: string): Promise<string | undefined> {
  if (!needsToken(route)) return undefined;
  if (given) return given;
  // Loaded on demand: public calls (contact form, invites) must not pull Amplify into their pages.
  const { getAccessToken } = await import('./auth');
  const token = await getAccessToken();
  if (!token) throw new ApiClientError(401, 'unauthorized', 'Sign in required.');
  return token;
}

function parseError(status: number, data: unknown): ApiClientError {
  const body = data as { code?: unknown; message?: unknown } | null;
  if (body && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiClientError(status, body.code, body.message);
  }
  return new ApiClientError(status, status >= 500 ? 'internal' : 'bad_request', `The server answered ${status}.`);
}

export async function apiCall<R extends RouteDef>(route: R, opts: CallOptions<R> = {}): Promise<ResponseOf<R>> {
  const [config, token] = await Promise.all([loadRuntimeConfig(), tokenFor(route, opts.token)]);
  const url = new URL(config.apiUrl + buildPath(route.path, (opts.params ?? {}) as Record<string, string>));
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiClientError(0, 'network', 'The server could not be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) throw parseError(res.status, data);
  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    console.error(`${route.id}: unexpected response`, parsed.error);
    throw new ApiClientError(res.status, 'invalid_response', 'The server sent an unexpected answer.');
  }
  return parsed.data as ResponseOf<R>;
}
