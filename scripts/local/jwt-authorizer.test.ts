import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtAuthorizer } from './jwt-authorizer';
import { HOST } from './ports';

/**
 * The local authorizer against tokens made here: a JWKS served over http like cognito-local's, a
 * key the JWKS lists and one it does not. Every bad token must be refused (the API answers 401).
 */

const CLIENT = 'local-client';
const KID = 'test-key';
const good = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
let server: Server;
let issuer: string;

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

function token(payload: Record<string, unknown>, opts: { key?: KeyObject; header?: Record<string, unknown> } = {}): string {
  const head = b64({ alg: 'RS256', kid: KID, typ: 'JWT', ...opts.header });
  const body = b64(payload);
  const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), opts.key ?? good.privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);
const access = (over: Record<string, unknown> = {}) => ({
  sub: 'user-1', iss: issuer, token_use: 'access', client_id: CLIENT, iat: now(), exp: now() + 3600, ...over,
});

beforeAll(async () => {
  const jwk = { ...good.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, HOST, () => r()));
  issuer = `http://${HOST}:${(server.address() as { port: number }).port}/local_pool`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('local JWT authorizer', () => {
  it('accepts a well-formed access token and an ID token of the app client', async () => {
    const authorize = createJwtAuthorizer({ issuer, clientId: CLIENT });
    expect((await authorize(`Bearer ${token(access())}`))?.sub).toBe('user-1');
    const id = token({ sub: 'user-1', iss: issuer, token_use: 'id', aud: CLIENT, iat: now(), exp: now() + 3600 });
    expect((await authorize(`Bearer ${id}`))?.sub).toBe('user-1');
  });

  it.each<[string, () => string]>([
    ['no exp', () => token({ sub: 'user-1', iss: issuer, token_use: 'access', client_id: CLIENT, iat: now() })],
    ['an expired token', () => token(access({ exp: now() - 60 }))],
    ['another issuer', () => token(access({ iss: 'http://127.0.0.1:1/other_pool' }))],
    ['another app client (access token)', () => token(access({ client_id: 'someone-else' }))],
    ['another app client (ID token)', () => token({ sub: 'user-1', iss: issuer, token_use: 'id', aud: 'someone-else', exp: now() + 3600 })],
    ['a signature by another key', () => token(access(), { key: stranger.privateKey })],
    ['a tampered payload', () => { const [h, , s] = token(access()).split('.'); return `${h}.${b64(access({ sub: 'admin' }))}.${s}`; }],
    ['alg none without a signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(access())}.`],
    ['an HMAC token', () => `${b64({ alg: 'HS256', kid: KID, typ: 'JWT' })}.${b64(access())}.${b64('x')}`],
    ['garbage', () => 'not-a-jwt'],
    ['an empty bearer', () => ''],
  ])('refuses %s', async (_, make) => {
    const authorize = createJwtAuthorizer({ issuer, clientId: CLIENT });
    expect(await authorize(`Bearer ${make()}`)).toBeUndefined();
  });

  it('refuses a missing or non-Bearer header', async () => {
    const authorize = createJwtAuthorizer({ issuer, clientId: CLIENT });
    expect(await authorize(undefined)).toBeUndefined();
    expect(await authorize(`Basic ${token(access())}`)).toBeUndefined();
  });

  it('refuses a cached token once it expires', async () => {
    const authorize = createJwtAuthorizer({ issuer, clientId: CLIENT });
    const t = token(access({ exp: now() + 1 }));
    expect(await authorize(`Bearer ${t}`)).toBeDefined();
    await new Promise((r) => setTimeout(r, 2100));
    expect(await authorize(`Bearer ${t}`)).toBeUndefined();
  });
});
