import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProxyOptions, UserConfig } from 'vite';
import { notFoundStatus } from '../../web/not-found-status-plugin';
import { proxyKeyMatches, shareProxyPlugin } from '../../web/share-proxy-plugin';


function proxyKeys(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fps-share-proxy-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ apiUrl: 'http://127.0.0.1:1' }));
  const before = process.env.FPS_CONFIG_JSON;
  process.env.FPS_CONFIG_JSON = file;
  try {
    const config = (shareProxyPlugin().config as () => UserConfig)();
    return Object.keys(config.server!.proxy as Record<string, ProxyOptions>);
  } finally {
    if (before === undefined) delete process.env.FPS_CONFIG_JSON;
    else process.env.FPS_CONFIG_JSON = before;
  }
}

const token = 'A'.repeat(40) + '_-9';

describe('the site forwards only share links to the API (#31)', () => {
  const forwarded = (url: string) => proxyKeys().some((k) => proxyKeyMatches(k, url));

  it('forwards /s/<token> and /s/<token>/image, with or without a query', () => {
    for (const url of [`/s/${token}`, `/s/${token}/image`, `/s/${token}/image?download=true`, `/s/${token}?utm=x`]) expect(forwarded(url), url).toBe(true);
  });

  it('keeps everything else under /s/ on the site: dot-segments, other routes, other shapes', () => {
    for (const url of [
      '/s/%2e%2e/account', '/s/%2E%2E/_local/outbox', '/s/../account', '/s/%2e%2e%2faccount', `/s/${token}/..%2faccount`,
      `/s/${token}/%2e%2e/%2e%2e/account`, `/s/${token}/image/..`, `/s/${token}x`, `/s/${token}/images`, '/s/', '/s/short',
    ]) {
      expect(forwarded(url), url).toBe(false);
    }
  });
});

describe('the dev server keeps the API status of a forwarded share link (#31)', () => {
  /** Runs the not-found middleware as Vite would, then answers 200 the way the proxy or the SPA would. */
  function statusFor(url: string): number {
    const proxy = Object.fromEntries(proxyKeys().map((k) => [k, {}]));
    let middleware: (req: unknown, res: unknown, next: () => void) => void = () => undefined;
    const server = { config: { server: { proxy } }, middlewares: { use: (fn: typeof middleware) => { middleware = fn; } } };
    (notFoundStatus().configureServer as (s: unknown) => void)(server);
    let status = 0;
    const res = { writeHead: (s: number) => { status = s; return res; } };
    middleware({ method: 'GET', url }, res, () => undefined);
    res.writeHead(200);
    return status;
  }

  it('a share link is the API’s to answer: the page it serves with 200 stays 200', () => {
    expect(statusFor(`/s/${token}`)).toBe(200);
    expect(statusFor(`/s/${token}/image?download=true`)).toBe(200);
  });

  it('an unknown address under /s/ is still the site’s 404', () => {
    expect(statusFor('/s/short')).toBe(404);
  });
});
