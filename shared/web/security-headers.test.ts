import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, hstsHeaderValue, originOf, securityHeaders, STORED_SESSION_PROBE_HASH } from './security-headers';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
const sources = { connect: ['https://api.example', 'https://api.example'], img: ['https://img.example'], script: ['https://lists.example'], frame: [] };

describe('buildContentSecurityPolicy', () => {
  it('strict: no inline script but the stored-session probe (by hash), no eval, no sockets, sources deduplicated', () => {
    const d = directives(buildContentSecurityPolicy(sources, { mode: 'strict', upgradeInsecureRequests: true, devSocketOrigins: ['ws://x:1'] }));
    expect(d['script-src']).toEqual(["'self'", STORED_SESSION_PROBE_HASH, 'https://lists.example']);
    expect(STORED_SESSION_PROBE_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(d['connect-src']).toEqual(["'self'", 'https://api.example']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://img.example']);
    expect(d['frame-src']).toEqual(['chrome-extension:', 'moz-extension:']);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'self'"]);
    expect(d['upgrade-insecure-requests']).toEqual([]);
  });

  it('dev: only adds the inline preamble and the HMR socket', () => {
    const strict = directives(buildContentSecurityPolicy(sources, { mode: 'strict', upgradeInsecureRequests: false }));
    const dev = directives(buildContentSecurityPolicy(sources, { mode: 'dev', upgradeInsecureRequests: false, devSocketOrigins: ['ws://127.0.0.1:5173'] }));
    // A hash beside 'unsafe-inline' would switch it off, so dev has the keyword instead of the hash.
    expect(dev['script-src']).toEqual(["'self'", "'unsafe-inline'", ...strict['script-src'].slice(2)]);
    expect(dev['connect-src']).toEqual([...strict['connect-src'], 'ws://127.0.0.1:5173']);
    expect({ ...dev, 'script-src': [], 'connect-src': [] }).toEqual({ ...strict, 'script-src': [], 'connect-src': [] });
    expect(strict['upgrade-insecure-requests']).toBeUndefined();
  });
});

describe('securityHeaders', () => {
  it('sends HSTS, nosniff, frame options, referrer and permissions policies with the CSP', () => {
    expect(securityHeaders('default-src x')).toEqual({
      'Content-Security-Policy': 'default-src x',
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    });
    expect(hstsHeaderValue()).toBe('max-age=63072000; includeSubDomains');
  });

  it('originOf keeps only real origins', () => {
    expect(originOf('http://127.0.0.1:4566/path?x')).toEqual(['http://127.0.0.1:4566']);
    expect(originOf(undefined)).toEqual([]);
    expect(originOf('not a url')).toEqual([]);
    expect(originOf('data:text/plain,x')).toEqual([]);
  });
});
