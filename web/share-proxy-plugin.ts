import { readFileSync } from 'node:fs';
import type { Plugin, ProxyOptions } from 'vite';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { SHARE_FORWARDED_PATH } from '#shared/domain/share-link';

/**
 * Share links live on the site's own address (`<site>/s/<token>`): in AWS CloudFront sends that
 * path to the API (infra/stacks/web-stack.ts); locally Vite's own proxy does, from the dev server
 * and `vite preview`, to the API named by the runtime config the local stack wrote before starting
 * Vite (FPS_CONFIG_JSON). Status, headers (the share page's own CSP) and body pass through unchanged.
 * Only `/s/<token>` and `/s/<token>/image` are forwarded (SHARE_FORWARDED_PATH): a bare `/s/` prefix
 * let `/s/%2e%2e/account` reach the API's /account, and `/s/%2e%2e/_local/outbox` the outbox.
 */
/** The proxy key: Vite reads a key that starts with `^` as a regular expression over the request URL. */
export const SHARE_PROXY_KEY = SHARE_FORWARDED_PATH.source;

/** Vite's own rule for a proxy key (server/middlewares/proxy.ts): `^…` is a RegExp over the URL, else a prefix. */
export function proxyKeyMatches(key: string, url: string): boolean {
  return key.startsWith('^') ? new RegExp(key).test(url) : url.startsWith(key);
}

export function shareProxyPlugin(): Plugin {
  return {
    name: 'fps-share-proxy',
    config() {
      const file = process.env.FPS_CONFIG_JSON;
      if (!file) return;
      const proxy: Record<string, ProxyOptions> = { [SHARE_PROXY_KEY]: { target: (JSON.parse(readFileSync(file, 'utf8')) as RuntimeConfig).apiUrl } };
      return { server: { proxy }, preview: { proxy } };
    },
  };
}
