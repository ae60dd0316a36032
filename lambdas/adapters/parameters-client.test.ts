import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { secureParameter } from './parameters-client';
import { webhookSecret } from './stripe-client';

/**
 * The adapter against a stand-in for the Parameters and Secrets extension: the same URL, header
 * and answer shape as the extension on Lambda (its own SSM call is AWS's part).
 */

const values: Record<string, string> = { '/fps/test/a': 'secret-a', '/fps/test/b': 'secret-b', '/fps/test/webhook': 'whsec_from_ssm' };
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let failNext = 0;
let server: Server;
const savedEnv = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    const url = new URL(req.url!, 'http://localhost');
    const name = url.searchParams.get('name')!;
    if (req.headers['x-aws-parameters-secrets-token'] !== 'session-token') return res.writeHead(401).end('unauthorized');
    if (failNext > 0) {
      failNext--;
      return res.writeHead(500).end('internal error');
    }
    if (!(name in values)) return res.writeHead(400).end('an error occurred (ParameterNotFound)');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Parameter: { Name: name, Type: 'SecureString', Value: values[name], Version: 1 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const useExtension = () => {
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String((server.address() as AddressInfo).port);
  process.env.AWS_SESSION_TOKEN = 'session-token';
};

afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
  Object.assign(process.env, savedEnv);
});

describe('secureParameter (Parameters and Secrets extension)', () => {
  it('asks for the decrypted value with the session token and answers it', async () => {
    useExtension();
    await expect(secureParameter('/fps/test/a')).resolves.toBe('secret-a');
    const last = seen.at(-1)!;
    expect(last.url).toBe('/systemsmanager/parameters/get?name=%2Ffps%2Ftest%2Fa&withDecryption=true');
    expect(last.headers['x-aws-parameters-secrets-token']).toBe('session-token');
  });

  it('reuses a value for 5 minutes, then reads it again', async () => {
    useExtension();
    const t0 = Date.now();
    const before = seen.length;
    await secureParameter('/fps/test/b', t0);
    await secureParameter('/fps/test/b', t0 + 299_000);
    expect(seen.length - before).toBe(1);
    await secureParameter('/fps/test/b', t0 + 301_000);
    expect(seen.length - before).toBe(2);
  });

  it('a failed read is an error naming the parameter and status, and is not cached', async () => {
    useExtension();
    await expect(secureParameter('/fps/test/missing')).rejects.toThrow(/\/fps\/test\/missing: extension answered 400/);
    failNext = 1;
    const name = '/fps/test/a';
    values[name] = 'secret-a2';
    await expect(secureParameter(name, Date.now() + 10 * 60_000)).rejects.toThrow(/answered 500/);
    await expect(secureParameter(name, Date.now() + 10 * 60_000)).resolves.toBe('secret-a2');
  });

  it('refuses to run without the session token (outside Lambda)', async () => {
    useExtension();
    delete process.env.AWS_SESSION_TOKEN;
    await expect(secureParameter('/fps/test/other')).rejects.toThrow(/no AWS_SESSION_TOKEN/);
  });

  it('the Stripe webhook secret comes from the env var locally and from the extension when only the parameter is set', async () => {
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_local';
    await expect(webhookSecret()).resolves.toBe('whsec_local');
    delete process.env.STRIPE_WEBHOOK_SECRET;
    process.env.STRIPE_WEBHOOK_SECRET_PARAM = '/fps/test/webhook';
    useExtension();
    await expect(webhookSecret()).resolves.toBe('whsec_from_ssm');
  });
});
