import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { route } from '#shared/api/route';
import { staffUser } from '../../test/integration/helpers';
import { usersRepo } from '../adapters/users-repo';
import { ACCOUNT_GONE_MESSAGE } from './account-guard';
import { defineHandler } from './define-handler';
import { DomainError } from './errors';
import type { ApiEvent } from './http';
import { MAX_BODY_BYTES } from './parse-request';

const echo = route({
  id: 'echo', method: 'POST', path: '/echo/{id}', caller: 'user', handler: 'test/echo', summary: 'test',
  params: z.object({ id: z.string().regex(/^\d+$/) }).strict(),
  query: z.object({ flag: z.stringbool().optional() }).strict(),
  body: z.object({ name: z.string().min(1) }).strict(),
  response: z.object({ id: z.string(), name: z.string(), flag: z.boolean().optional(), userId: z.string() }),
});
const staffOnly = route({ ...echo, id: 'staffOnly', caller: 'staff' });
const ctx = { functionName: 't', awsRequestId: 'r', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

// The caller of most cases: writes need the caller's user row (lambdas/lib/account-guard.ts).
const USER = `dh-${randomUUID()}`;
beforeAll(async () => {
  const now = new Date().toISOString();
  await usersRepo.createIfAbsent({ userId: USER, email: `${USER}@example.com`, loginMethod: 'email', created: now, updated: now });
});

const event = (over: Partial<ApiEvent> & { groups?: string; sub?: string | null } = {}): ApiEvent => {
  const { groups, sub = USER, ...rest } = over;
  return {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada' }),
    pathParameters: { id: '42' },
    isBase64Encoded: false,
    requestContext: { authorizer: { jwt: { claims: sub ? { sub, ...(groups ? { 'cognito:groups': groups } : {}) } : {}, scopes: [] } } },
    ...rest,
  } as unknown as ApiEvent;
};

const handler = defineHandler(echo, async ({ params, body, query, principal }) => ({
  id: params.id, name: body.name, flag: query.flag, userId: principal.userId,
}));
const call = async (h: typeof handler, e: ApiEvent) => {
  const r = await h(e, ctx);
  return { status: r.statusCode, body: JSON.parse(r.body ?? 'null') };
};

describe('the handler chain', () => {
  it('passes validated, typed input to the function', async () => {
    const r = await call(handler, event({ queryStringParameters: { flag: 'true' } }));
    expect(r).toEqual({ status: 200, body: { id: '42', name: 'Ada', flag: true, userId: USER } });
  });

  it.each([
    ['invalid JSON', event({ body: '{"name":' }), 400, 'invalid_json'],
    ['a missing field', event({ body: '{}' }), 400, 'validation_failed'],
    ['an extra field', event({ body: JSON.stringify({ name: 'a', __proto__x: 1 }) }), 400, 'validation_failed'],
    ['a wrong type', event({ body: JSON.stringify({ name: 7 }) }), 400, 'validation_failed'],
    ['a bad path parameter', event({ pathParameters: { id: 'abc' } }), 400, 'validation_failed'],
    ['an unknown query parameter', event({ queryStringParameters: { nope: '1' } }), 400, 'validation_failed'],
    ['a wrong content type', event({ headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type'],
    ['an oversized body', event({ body: JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) }) }), 413, 'payload_too_large'],
    ['no principal', event({ sub: null }), 401, 'unauthorized'],
  ])('answers %s with %i {code,message}', async (_, e, status, code) => {
    const r = await call(handler, e);
    expect(r.status).toBe(status);
    expect(r.body).toEqual({ code, message: expect.any(String) });
  });

  it('refuses a write by a valid token whose account is gone (deleted), without calling the function', async () => {
    let called = false;
    const h = defineHandler(echo, async ({ principal }) => {
      called = true;
      return { id: '1', name: 'n', userId: principal.userId };
    });
    const r = await call(h, event({ sub: `gone-${randomUUID()}` }));
    expect(r).toEqual({ status: 401, body: { code: 'unauthorized', message: ACCOUNT_GONE_MESSAGE } });
    expect(called).toBe(false);
    // Reads are left to their handler (the account lookup answers its retry code while the row is being made).
    const read = defineHandler(route({ ...echo, id: 'read', method: 'GET', body: undefined }), async ({ principal }) => ({ id: '1', name: 'n', userId: principal.userId }));
    expect((await call(read, event({ sub: `gone-${randomUUID()}`, body: undefined }))).status).toBe(200);
  });

  it('keeps staff routes to the staff group (API Gateway flattens the claim to "[staff]")', async () => {
    const h = defineHandler(staffOnly, async ({ principal }) => ({ id: '1', name: 'n', userId: principal.userId }));
    expect((await call(h, event())).status).toBe(403);
    // The claim alone is not enough: the caller must be staff in Cognito now, with TOTP (staff-guard.ts).
    expect((await call(h, event({ groups: '[other staff]' }))).status).toBe(403);
    const staff = await staffUser();
    expect((await call(h, event({ sub: staff.userId, groups: '[other staff]' }))).status).toBe(200);
  });

  it('maps domain errors to their status and hides unexpected ones behind a 500 without a stack', async () => {
    const conflict = defineHandler(echo, async () => {
      throw new DomainError('seat_limit_reached', 'No seats left.');
    });
    expect(await call(conflict, event())).toEqual({ status: 409, body: { code: 'seat_limit_reached', message: 'No seats left.' } });
    const boom = defineHandler(echo, async () => {
      throw new Error('secret internals at /var/task/x.js');
    });
    const r = await call(boom, event());
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain('secret internals');
  });
});

describe('page routes (produces: html)', () => {
  const page = route({
    id: 'page', method: 'GET', path: '/p/{token}', caller: 'public', handler: 'test/page', summary: 'test', produces: 'html',
    params: z.object({ token: z.string().regex(/^[a-z]{3}$/) }).strict(),
    response: z.object({ status: z.number(), html: z.string(), headers: z.record(z.string(), z.string()) }),
  });
  const pageHandler = defineHandler(page, async ({ params }) => ({
    status: params.token === 'old' ? 410 : 200, html: `<h1>${params.token}</h1>`, headers: { 'cache-control': 'public, max-age=60' },
  }));
  const get = (token: string) => pageHandler({ pathParameters: { token }, headers: {}, isBase64Encoded: false, requestContext: {} } as unknown as ApiEvent, ctx);

  it('sends the handler\'s page as it is: its status and headers, as HTML', async () => {
    expect(await get('abc')).toEqual({ statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' }, body: '<h1>abc</h1>' });
    expect((await get('old')).statusCode).toBe(410);
  });

  it('refuses bad input with the JSON {code, message} of every route', async () => {
    const r = await get('ABCD');
    expect(r.statusCode).toBe(400);
    expect(r.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(r.body!)).toMatchObject({ code: 'validation_failed' });
  });
});
