import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProxyOptions, UserConfig } from 'vite';
import { shareProxyPlugin } from '../../web/share-proxy-plugin';

/** Vite's own rule for a proxy key (server/middlewares/proxy.ts): `^…` is a RegExp over the URL, else a prefix. */
const viteMatches = (key: string, url: string) => (key.startsWith('^') && new RegExp(key).test(url)) || url.startsWith(key);

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
  const forwarded = (url: string) => proxyKeys().some((k) => viteMatches(k, url));

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
