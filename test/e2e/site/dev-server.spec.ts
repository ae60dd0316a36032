import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { freePort } from '../../../scripts/local/ports';
import { expect, test } from './fixtures';
import { sharedImageViaApi } from './share-api';

/**
 * `npm start` serves the site from the Vite dev server; the other browser tests use the built site
 * (test/e2e/global-setup.ts). This one starts the dev server beside the stack, with the same runtime
 * config, and checks what only its plugins do: a share link reaches the API with the API's status
 * (the not-found plugin once turned it into a 404), unknown addresses are 404, and the SPA runs.
 */

const WEB_ROOT = join(import.meta.dirname, '../../../web');

let dev: ViteDevServer;
let devUrl: string;

test.beforeAll(async () => {
  const port = await freePort();
  dev = await createServer({
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    // Its own dependency cache: `npm start` may be using the default one at the same time.
    cacheDir: join(WEB_ROOT, '../node_modules/.vite-dev-server-test'),
    server: { port, host: '127.0.0.1', strictPort: true, hmr: false },
    logLevel: 'warn',
  });
  await dev.listen();
  devUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await dev?.close();
});

test('the dev server forwards a share link with the API status, answers 404 for unknown addresses, and runs the SPA', async ({ page, request }) => {
  test.slow(); // the dev server compiles the SPA's modules on first use
  const { link } = await sharedImageViaApi(request, 'Through the dev server');
  const path = new URL(link.url).pathname;
  const shared = await request.get(`${devUrl}${path}`);
  expect(shared.status()).toBe(200);
  expect(await shared.text()).toContain('Through the dev server');
  expect((await request.head(`${devUrl}${path}`)).status()).toBe(200);
  expect((await request.get(`${devUrl}/s/short`, { headers: { accept: 'text/html' } })).status()).toBe(404);
  expect((await request.get(`${devUrl}/no-such-page`, { headers: { accept: '*/*' } })).status()).toBe(404);
  const account = await request.get(`${devUrl}/account`, { headers: { accept: 'text/html' } });
  expect(account.status()).toBe(200);
  // The dev server's one relaxation of the CSP: Vite's inline React refresh preamble and its HMR socket.
  const csp = account.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src [^;]*'unsafe-inline'/);
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).toMatch(/connect-src [^;]*ws:\/\//);

  await page.goto(`${devUrl}/account`);
  await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible({ timeout: 60_000 });
});
