import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfig } from '#shared/config/runtime-config';
import { serveBuiltSite, type BuiltSiteServer } from './built-site';

/**
 * The built-site server serves a build the way CloudFront does (issue #24): page files with 200,
 * the app's nested routes with the SPA shell and 200, any other address with the shell and 404.
 * A tiny stand-in build is enough: what matters is which file answers with which status.
 */
describe('built-site server (CloudFront-like)', () => {
  let dir: string;
  let server: BuiltSiteServer;
  const page = (file: string, marker: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), `<!doctype html><html><head><title>${marker}</title></head><body><div id="root"></div></body></html>`);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fps-built-site-'));
    page('index.html', 'home');
    page('app-shell.html', 'shell');
    page('faq/index.html', 'faq');
    page('checkout/index.html', 'checkout');
    page('enterprise/account/members/index.html', 'members');
    const config = RuntimeConfig.parse({
      env: 'local', apiUrl: 'http://127.0.0.1:1', siteUrl: 'http://127.0.0.1:2',
      auth: { mode: 'password', region: 'local', userPoolId: 'local_x', userPoolClientId: 'x' }, extensionOrigins: [],
    });
    server = await serveBuiltSite({ root: resolve(import.meta.dirname, '../..'), outDir: dir, config, configFile: join(dir, 'config.json') });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
    const body = await res.text();
    return { status: res.status, title: /<title>([^<]*)<\/title>/.exec(body)?.[1] };
  };

  it('answers page files and app routes with 200, unknown addresses with 404 and the SPA shell', async () => {
    expect(await get('/')).toEqual({ status: 200, title: 'home' });
    expect(await get('/faq')).toEqual({ status: 200, title: 'faq' });
    expect(await get('/checkout')).toEqual({ status: 200, title: 'checkout' });
    expect(await get('/checkout/success')).toEqual({ status: 200, title: 'shell' });
    expect(await get('/enterprise/account/members')).toEqual({ status: 200, title: 'members' });
    expect(await get('/no-such-page')).toEqual({ status: 404, title: 'shell' });
    expect(await get('/faq/nope')).toEqual({ status: 404, title: 'shell' });
  });
});
