import type { z } from 'zod';
import type { RouteDef } from '#shared/api/route';
import { DomainError } from './errors';
import { header, rawBodyOf, type ApiEvent } from './http';

/** Requests larger than this are refused before parsing (API Gateway allows 10 MB; no route needs more). */
export const MAX_BODY_BYTES = 256 * 1024;

export interface ParsedRequest {
  body: unknown;
  query: unknown;
  params: unknown;
  rawBody: string;
}

function validate(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return value;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const at = issue?.path.length ? `${where}.${issue.path.join('.')}` : where;
  throw new DomainError('validation_failed', `${at}: ${issue?.message ?? 'invalid'}`);
}

function parseJsonBody(event: ApiEvent, raw: string): unknown {
  if (raw.trim() === '') return {};
  const type = header(event, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new DomainError('unsupported_media_type', 'Send the body as application/json.');
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new DomainError('invalid_json', 'The body is not valid JSON.');
  }
}

/** Turns an API Gateway event into the route's validated inputs, or a 4xx DomainError. */
export function parseRequest(route: RouteDef, event: ApiEvent): ParsedRequest {
  const rawBody = rawBodyOf(event);
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) {
    throw new DomainError('payload_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`);
  }
  // The webhook verifies its signature over the raw bytes, so it gets them untouched.
  const bodyValue = route.caller === 'stripe-signature' ? undefined : parseJsonBody(event, rawBody);
  return {
    rawBody,
    body: route.body ? validate(route.body, bodyValue, 'body') : undefined,
    query: validate(route.query, { ...(event.queryStringParameters ?? {}) }, 'query'),
    params: validate(route.params, { ...(event.pathParameters ?? {}) }, 'path'),
  };
}
