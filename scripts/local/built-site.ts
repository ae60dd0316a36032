/**
 * Serves a built site the way CloudFront does (bench:web, and the browser tests' local stack):
 * `vite preview` (with the site's own plugins, so the strict CSP of web/security-headers-plugin.ts
 * applies, and gzip),
 * plus the distribution's viewer-request function run on every request (a page path is looked up
 * as `<path>/index.html`) and its SPA fallback (the bare shell for a missing file).
 * `/config.json` is the given runtime config. Share links pass to the API through the site's own
 * proxy (web/share-proxy-plugin.ts), as CloudFront's /s/ behaviour sends them.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preview, type Plugin } from 'vite';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { SPA_FALLBACK_FILE } from '#shared/web/spa-fallback';
import { PAGE_INDEX_FUNCTION_CODE } from '../../infra/stacks/web-stack';
import { answerNotFound } from '../../web/not-found-status-plugin';
import { proxyKeyMatches, SHARE_PROXY_KEY } from '../../web/share-proxy-plugin';

type ViewerRequest = (event: { request: { uri: string } }) => { uri: string };
const viewerRequest = new Function(`${PAGE_INDEX_FUNCTION_CODE}; return handler;`)() as ViewerRequest;

function cloudFrontLike(config: RuntimeConfig, outDir: string): Plugin {
  const body = JSON.stringify(config);
  return {
    name: 'fps-cloudfront-like',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (proxyKeyMatches(SHARE_PROXY_KEY, req.url ?? '/')) return next();
        const url = new URL(req.url ?? '/', 'http://site.invalid');
        if (url.pathname === '/config.json') {
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-store');
          res.end(body);
          return;
        }
        const uri = viewerRequest({ request: { uri: url.pathname } }).uri;
        // S3 answers 403 for a missing key; the distribution turns that into the SPA shell with 404.
        const found = existsSync(join(outDir, decodeURIComponent(uri)));
        if (!found) answerNotFound(res);
        req.url = (found ? uri : `/${SPA_FALLBACK_FILE}`) + url.search;
        next();
      });
    },
  };
}

export interface BuiltSiteServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the server on a free port. `configFile` is where the runtime config is also written, so
 * the security-headers plugin (FPS_CONFIG_JSON) allows its origins in connect-src as deployed.
 */
export async function serveBuiltSite(opts: { root: string; outDir: string; config: RuntimeConfig; configFile: string; port?: number }): Promise<BuiltSiteServer> {
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'; // the config's extensionless imports are fine here
  writeFileSync(opts.configFile, JSON.stringify(opts.config));
  process.env.FPS_CONFIG_JSON = opts.configFile;
  const server = await preview({
    configFile: join(opts.root, 'web/vite.config.ts'),
    build: { outDir: opts.outDir },
    preview: { host: '127.0.0.1', port: opts.port ?? 0, strictPort: opts.port !== undefined, open: false },
    plugins: [cloudFrontLike(opts.config, opts.outDir)],
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}
