import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import { SECURITY_HEADERS, hstsHeaderValue } from '#shared/web/security-headers';

/**
 * A built site served locally (`vite preview`) gets the strict CSP, as CloudFront serves it: no
 * inline script, no dev socket. The dev server's relaxed variant is checked in the browser test
 * test/e2e/site/security-headers.spec.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let dist: string;
let server: PreviewServer;

beforeAll(async () => {
  // A stand-in build: preview serves whatever outDir holds, and the headers do not depend on it.
  dist = await mkdtemp(path.join(tmpdir(), 'fps-preview-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  server = await preview({
    configFile: path.join(ROOT, 'web/vite.config.ts'),
    build: { outDir: dist },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
    logLevel: 'error',
  });
});

afterAll(async () => {
  await server?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('vite preview (a built site)', () => {
  it.each(['/', '/account', '/index.html'])('serves %s with the strict CSP and every security header', async (p) => {
    const res = await fetch(new URL(p, server.resolvedUrls!.local[0]));
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe(hstsHeaderValue());
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe(SECURITY_HEADERS.frameOptions);
    expect(res.headers.get('referrer-policy')).toBe(SECURITY_HEADERS.referrerPolicy);
    expect(res.headers.get('permissions-policy')).toBe(SECURITY_HEADERS.permissionsPolicy);
    const csp = res.headers.get('content-security-policy')!;
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('ws:');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });
});
