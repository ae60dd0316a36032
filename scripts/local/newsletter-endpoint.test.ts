import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsletterEndpoint } from './newsletter-endpoint';

let dir: string;
let file: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'newsletter-'));
  file = join(dir, 'nested', 'newsletter.json');
  server = createServer(createNewsletterEndpoint({ file }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

const call = (email: string, c = 'jsonp_cb_1') =>
  fetch(`${base}/newsletter/post-json?u=x&id=y&EMAIL=${encodeURIComponent(email)}&c=${encodeURIComponent(c)}`);

describe('newsletter post-json endpoint', () => {
  it('subscribes and answers a JSONP success call', async () => {
    const res = await call('Reader@Example.com');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await res.text()).toBe('jsonp_cb_1({"result":"success","msg":"Thank you for subscribing!"})');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.subscribers).toEqual([{ email: 'reader@example.com', subscribedAt: expect.any(String) }]);
  });

  it('refuses an address that is already subscribed', async () => {
    const text = await (await call('reader@example.com')).text();
    expect(text).toBe('jsonp_cb_1({"result":"error","msg":"reader@example.com is already subscribed to list Full Page Shot News."})');
  });

  it.each(['no-at-sign', 'two@@example.com', 'a@nodot', ''])('refuses the invalid address %j', async (email) => {
    const text = await (await call(email)).text();
    expect(text).toMatch(/^jsonp_cb_1\(\{"result":"error","msg":"0 - .+"\}\)$/);
    expect(JSON.parse(readFileSync(file, 'utf8')).subscribers).toHaveLength(1);
  });

  it('refuses a callback name that is not an identifier, and unknown paths', async () => {
    expect((await call('x@example.com', 'alert(1)//')).status).toBe(400);
    expect((await fetch(`${base}/newsletter/other`)).status).toBe(404);
  });
});
