/**
 * The site's security headers, defined once: the CloudFront response headers policy
 * (infra/stacks/web-stack.ts) and the local web server (web/security-headers-plugin.ts, for the
 * Vite dev server and `vite preview`) both build them from here.
 */
import { createHash } from 'node:crypto';
import { STORED_SESSION_PROBE_SCRIPT } from './stored-session-probe';

/** The one inline script the built site has (stored-session-probe.ts), allowed by its hash. */
export const STORED_SESSION_PROBE_HASH = `'sha256-${createHash('sha256').update(STORED_SESSION_PROBE_SCRIPT).digest('base64')}'`;

/** Origins the page talks to beyond its own; each environment fills these in. */
export interface CspSources {
  /** fetch/XHR/WebSocket: the API, Cognito, the image bucket (presigned URLs). */
  connect: string[];
  /** `<img>`: the image bucket. */
  img: string[];
  /** `<script src>`: the newsletter provider's JSONP endpoint. */
  script: string[];
  /** `<iframe>`: beyond the extension's bridge page. */
  frame: string[];
}

export interface CspOptions {
  /**
   * 'strict' for every built site. 'dev' only for the Vite dev server: its React refresh preamble
   * is an inline script and hot reload talks over a WebSocket, so it adds 'unsafe-inline' to
   * script-src and the ws:// origins to connect-src. Never used for a build.
   */
  mode: 'strict' | 'dev';
  /** `upgrade-insecure-requests`: on for https sites; off locally, where everything is http. */
  upgradeInsecureRequests: boolean;
  /** Dev mode: the dev server's WebSocket origins (ws://host:port). */
  devSocketOrigins?: string[];
}

const unique = (list: string[]) => [...new Set(list.filter(Boolean))];

/** The Content-Security-Policy header value. */
export function buildContentSecurityPolicy(sources: Partial<CspSources>, options: CspOptions): string {
  const dev = options.mode === 'dev';
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // A hash would switch 'unsafe-inline' off, so dev mode (which needs it) has no hash.
    ['script-src', ["'self'", ...(dev ? ["'unsafe-inline'"] : [STORED_SESSION_PROBE_HASH]), ...(sources.script ?? [])]],
    // React style props are fine under CSP; 'unsafe-inline' covers libraries that inject <style>.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(sources.img ?? [])]],
    ['font-src', ["'self'", 'data:']],
    ['media-src', ["'self'", 'blob:']],
    ['connect-src', ["'self'", ...(sources.connect ?? []), ...(dev ? (options.devSocketOrigins ?? []) : [])]],
    // The extension's bridge page is embedded in a hidden frame (Chrome and Edge; Firefox).
    ['frame-src', ['chrome-extension:', 'moz-extension:', ...(sources.frame ?? [])]],
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ...(options.upgradeInsecureRequests ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  return directives.map(([name, values]) => [name, ...unique(values)].join(' ')).join('; ');
}

/** The headers besides the CSP, with the values CloudFront's typed settings take. */
export const SECURITY_HEADERS = {
  /** Two years, subdomains included (the preload list's minimum is one year). */
  hsts: { maxAgeSeconds: 2 * 365 * 24 * 3600, includeSubdomains: true },
  contentTypeOptions: 'nosniff',
  /** Same as CSP frame-ancestors 'self', for browsers that only know the old header. */
  frameOptions: 'SAMEORIGIN',
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

export const hstsHeaderValue = () =>
  `max-age=${SECURITY_HEADERS.hsts.maxAgeSeconds}${SECURITY_HEADERS.hsts.includeSubdomains ? '; includeSubDomains' : ''}`;

/** Every security header as name → value (what a plain HTTP server sends). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': hstsHeaderValue(),
    'X-Content-Type-Options': SECURITY_HEADERS.contentTypeOptions,
    'X-Frame-Options': SECURITY_HEADERS.frameOptions,
    'Referrer-Policy': SECURITY_HEADERS.referrerPolicy,
    'Permissions-Policy': SECURITY_HEADERS.permissionsPolicy,
  };
}

/** The origin of a URL, or nothing for an empty or unparsable value. */
export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}
