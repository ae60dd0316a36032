import { readFileSync } from 'node:fs';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { SHARE_PATH_PREFIX } from '#shared/domain/share-link';

/**
 * Share links live on the site's own address (`<site>/s/<token>`): in AWS CloudFront sends that
 * path to the API (infra/stacks/web-stack.ts); locally this plugin does, from the Vite dev server
 * and `vite preview`, to the API named by the runtime config the local stack wrote
 * (FPS_CONFIG_JSON). Status, headers (the share page's own CSP) and body pass through unchanged.
 */
export function shareProxyPlugin(): Plugin {
  return {
    name: 'fps-share-proxy',
    configureServer(server) {
      server.middlewares.use(proxyShares);
    },
    configurePreviewServer(server) {
      server.middlewares.use(proxyShares);
    },
  };
}

function apiUrl(): string | undefined {
  const file = process.env.FPS_CONFIG_JSON;
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as RuntimeConfig).apiUrl : undefined;
}

const proxyShares: Connect.NextHandleFunction = (req: IncomingMessage, res: ServerResponse, next) => {
  const api = req.method === 'GET' || req.method === 'HEAD' ? apiUrl() : undefined;
  if (!api || !req.url?.startsWith(SHARE_PATH_PREFIX)) return next();
  const target = new URL(req.url, api);
  const upstream = request(target, { method: req.method, headers: { accept: req.headers.accept ?? '*/*', 'user-agent': req.headers['user-agent'] ?? '' } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The local API is not running.');
  });
  upstream.end();
};
