import { readFileSync } from 'node:fs';
import type { Plugin, ProxyOptions } from 'vite';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { SHARE_PATH_PREFIX } from '#shared/domain/share-link';

/**
 * Share links live on the site's own address (`<site>/s/<token>`): in AWS CloudFront sends that
 * path to the API (infra/stacks/web-stack.ts); locally Vite's own proxy does, from the dev server
 * and `vite preview`, to the API named by the runtime config the local stack wrote before starting
 * Vite (FPS_CONFIG_JSON). Status, headers (the share page's own CSP) and body pass through unchanged.
 */
export function shareProxyPlugin(): Plugin {
  return {
    name: 'fps-share-proxy',
    config() {
      const file = process.env.FPS_CONFIG_JSON;
      if (!file) return;
      const proxy: Record<string, ProxyOptions> = { [SHARE_PATH_PREFIX]: { target: (JSON.parse(readFileSync(file, 'utf8')) as RuntimeConfig).apiUrl } };
      return { server: { proxy }, preview: { proxy } };
    },
  };
}
