import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import { buildContentSecurityPolicy, originOf, securityHeaders, type CspSources } from '#shared/web/security-headers';

/**
 * Sends the site's security headers (shared/web/security-headers.ts, the same definition as the
 * CloudFront policy) from the Vite dev server and from `vite preview`.
 *
 * - `vite preview` serves a build: the strict CSP, exactly as deployed but without
 *   upgrade-insecure-requests (the local stack is plain http).
 * - The dev server gets the dev CSP: Vite's React refresh preamble is an inline script and hot
 *   reload uses a WebSocket to the dev server, so script-src adds 'unsafe-inline' and connect-src
 *   the ws:// origin. Builds never get it.
 */
export function securityHeadersPlugin(): Plugin {
  return {
    name: 'fps-security-headers',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        setHeaders(req, res, 'dev');
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        setHeaders(req, res, 'strict');
        next();
      });
    },
  };
}

function setHeaders(req: IncomingMessage, res: ServerResponse, mode: 'dev' | 'strict') {
  const csp = buildContentSecurityPolicy(localSources(), {
    mode,
    upgradeInsecureRequests: false,
    devSocketOrigins: req.headers.host ? [`ws://${req.headers.host}`] : [],
  });
  for (const [name, value] of Object.entries(securityHeaders(csp))) res.setHeader(name, value);
}

/**
 * The local stack's origins: API, cognito-local and the newsletter endpoint from the runtime
 * config it wrote (FPS_CONFIG_JSON), and s3rver, whose presigned image URLs the handlers make from
 * S3_ENDPOINT (the stack runs them, and this server, in one process).
 */
function localSources(): Partial<CspSources> {
  const file = process.env.FPS_CONFIG_JSON;
  const config: Partial<RuntimeConfig> = file ? (JSON.parse(readFileSync(file, 'utf8')) as RuntimeConfig) : {};
  const images = originOf(process.env.S3_ENDPOINT);
  return {
    connect: [...originOf(config.apiUrl), ...originOf(config.auth?.userPoolEndpoint), ...images],
    script: originOf(config.newsletterUrl),
    img: images,
    // Browser tests stand in for the extension with a frame page on a *.localhost origin
    // (test/e2e/site/auth.spec.ts); a real extension frame is chrome-extension:, allowed everywhere.
    frame: ['http://*.localhost:*'],
  };
}
