import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { isKnownPath } from './src/config/paths';
import { proxyKeyMatches } from './share-proxy-plugin';

/**
 * A page request: GET or HEAD at a path whose last segment has no file extension (not Vite's own
 * /@vite/… or /@fs/… modules, whose URLs Vite always writes with one), whatever the Accept header:
 * Vite's SPA fallback also answers `*\/*` (curl's default) and an empty Accept with index.html.
 */
function isPageRequest(req: Pick<IncomingMessage, 'method'>, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return !(pathname.startsWith('/@') || pathname.startsWith('/__') || /\.[^/]*$/.test(pathname));
}

/** Makes the response's status 404 whatever the server sets later (Vite's index.html answer sets 200). */
export function answerNotFound(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => writeHead(status === 200 ? 404 : status, ...rest)) as ServerResponse['writeHead'];
}

/**
 * The dev server answers an address the site has no page for (config/paths.ts, `isKnownPath`)
 * with HTTP 404 and the SPA, which shows Page not found, as the built site and CloudFront do. The
 * site's own routes keep the SPA fallback's 200.
 */
export function notFoundStatus(): Plugin {
  return {
    name: 'fps-not-found-status',
    configureServer(server) {
      // Paths Vite proxies elsewhere (share links, to the local API) answer for themselves.
      // Matched as Vite matches them: the share key is a RegExp, so a prefix test missed it (#31).
      const proxied = Object.keys(server.config.server.proxy ?? {});
      server.middlewares.use((req, res, next) => {
        if (proxied.some((key) => proxyKeyMatches(key, req.url ?? '/'))) return next();
        const pathname = new URL(req.url ?? '/', 'http://dev.invalid').pathname;
        if (isPageRequest(req, pathname) && !isKnownPath(decodeURIComponent(pathname))) answerNotFound(res);
        next();
      });
    },
  };
}
