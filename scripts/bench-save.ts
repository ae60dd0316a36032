/**
 * Save benchmark: npm run bench:save
 *
 * Captures a page 40 viewports tall at DPR 2 with the extension, then clicks "Save to library" in
 * the editor and measures the seconds until it shows "Saved" (render, PNG encode, hash, create,
 * upload to the presigned form, finalise with its thumbnail), against the local stack. In the same
 * run it measures the local upload throughput: a plain POST of bytes of the same size to a fresh
 * presigned form of the local S3, from the same editor page. Budget (issue #23):
 * seconds ≤ 1.5 × (bytes ÷ throughput) + 1 s. Load average is printed: the machine is shared.
 */
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '#shared/api/endpoints';
import { routes } from '#shared/api/routes';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { DEV_EXTENSION_ORIGIN } from '../extension/dev-key';
import { buildExtension } from './build-extension';
import { randomPorts } from './local/ports';
import { passwordAccessToken, signUpConfirmed } from './local/seed';
import { startLocalStack } from './local/stack';
import { benchPage } from './bench-page';

const VIEWPORTS = Number(process.env.BENCH_VIEWPORTS ?? 40);
const DPR = Number(process.env.BENCH_DPR ?? 2);
const WINDOW = { width: 1280, height: 800 };
const BUDGET_FACTOR = 1.5;
const BUDGET_FIXED_S = 1;
/** The time between the editor showing the capture and the Save click (bench:capture settles as long). */
const SETTLE_MS = 3000;

async function accessToken(stack: Awaited<ReturnType<typeof startLocalStack>>, email: string): Promise<string> {
  await signUpConfirmed(stack.cognito, email);
  return passwordAccessToken(stack.cognito, email);
}

async function clickAction(cdp: CDPSession, extId: string, page: Page): Promise<void> {
  await page.bringToFront();
  const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] } as never)) as { targetInfos: Array<{ targetId: string; url: string }> };
  const tab = targetInfos.find((t) => t.url === page.url());
  if (!tab) throw new Error('tab not found');
  await cdp.send('Extensions.triggerAction' as never, { id: extId, targetId: tab.targetId } as never);
}

/** In the editor page: a fresh grant-route create, then a timed plain POST of `bytes` random bytes to its form. */
function throughputIn(editor: Page, apiUrl: string, grant: string, bytes: number): Promise<number> {
  return editor.evaluate(async ({ apiUrl, grant, header, bytes, createPath }) => {
    const created = await (await fetch(`${apiUrl}${createPath}`, {
      method: 'POST', headers: { 'content-type': 'application/json', [header]: grant },
      body: JSON.stringify({ title: 'throughput probe', notes: '', contentType: 'image/png' }),
    })).json() as { uploadUrl: string; uploadFields: Record<string, string> };
    const body = new Uint8Array(bytes);
    for (let i = 0; i < bytes; i += 65536) crypto.getRandomValues(body.subarray(i, Math.min(bytes, i + 65536)));
    const form = new FormData();
    for (const [k, v] of Object.entries(created.uploadFields)) form.append(k, v);
    form.append('file', new Blob([body], { type: 'image/png' }));
    const t0 = performance.now();
    const r = await fetch(created.uploadUrl, { method: 'POST', body: form });
    const s = (performance.now() - t0) / 1000;
    if (!r.ok) throw new Error(`probe upload: ${r.status}`);
    return bytes / s;
  }, { apiUrl, grant, header: UPLOAD_GRANT_HEADER, bytes, createPath: endpoints.grantCreateImage.path });
}

/**
 * Calls the Save's two routes once before the timed Save, as bench:api warms every route: the
 * local stack loads a handler's module (through tsx) and its SDK clients on a route's first call,
 * 0.1-0.4 s that a deployed Lambda's prebuilt bundle doesn't spend on every Save. The finalise of
 * an image with nothing uploaded is refused (4xx), after its module has loaded.
 */
function warmSaveRoutesIn(editor: Page, apiUrl: string, grant: string): Promise<number[]> {
  return editor.evaluate(async ({ apiUrl, grant, header, createPath, finalizePath }) => {
    const headers = { 'content-type': 'application/json', [header]: grant };
    const created = await fetch(`${apiUrl}${createPath}`, { method: 'POST', headers, body: JSON.stringify({ title: 'warm-up', notes: '', contentType: 'image/png' }) });
    const { id } = (await created.json()) as { id: string };
    const finalized = await fetch(`${apiUrl}${finalizePath.replace('{id}', encodeURIComponent(id))}`, { method: 'POST', headers, body: '{}' });
    return [created.status, finalized.status];
  }, { apiUrl, grant, header: UPLOAD_GRANT_HEADER, createPath: endpoints.grantCreateImage.path, finalizePath: endpoints.grantFinalizeImage.path });
}

async function run(): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fps-bench-save-'));
  const server = http.createServer((req, res) => {
    const vp = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('vp') ?? 10);
    res.writeHead(200, { 'content-type': 'text/html' }).end(benchPage(vp));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stack = await startLocalStack({ ports: await randomPorts(), dataDir: path.join(tmp, 'stack'), extensionOrigins: [DEV_EXTENSION_ORIGIN] });
  console.log(`Load average (1, 5, 15 min) at start: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} on ${os.cpus().length} cores`);
  try {
    const token = await accessToken(stack, `bench-save-${Date.now()}@example.com`);
    const minted = await fetch(`${stack.urls.api}${routes.createUploadGrant.path}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}',
    });
    const grant = (await minted.json()) as { token: string; expiresAt: number };
    const { outDir } = await buildExtension({ outDir: path.join(tmp, 'ext'), zipPath: false, testBuild: true, minify: true, devKey: true });
    const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: false, viewport: null,
      args: ['--headless=new', `--disable-extensions-except=${outDir}`, `--load-extension=${outDir}`, '--enable-unsafe-extension-debugging',
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
        '--hide-scrollbars', `--window-size=${WINDOW.width},${WINDOW.height}`, `--force-device-scale-factor=${DPR}`],
    });
    try {
      const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const extId = new URL(sw.url()).host;
      // What the site's login message would have stored: signed in, with the grant.
      await sw.evaluate((login) => chrome.storage.local.set({ login: { login, receivedAt: Date.now() } }), {
        userId: 'bench', orgId: '', expires: 0, status: '', sub_created: 0,
        upload_grant: { token: grant.token, expiresAt: grant.expiresAt, apiUrl: stack.urls.api },
      });
      const cdp = await context.browser()!.newBrowserCDPSession();
      const page = await context.newPage();
      await page.goto(`${origin}/?vp=${VIEWPORTS}`);
      const editorP = context.waitForEvent('page', { timeout: 180_000 });
      await clickAction(cdp, extId, page);
      const editor = await editorP;
      await editor.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 180_000 });
      // As a user would: the editor settles (thumbnail, record, the PNG encoded ahead) before the click.
      await editor.waitForTimeout(SETTLE_MS);
      const size = await editor.evaluate(() => { const c = document.getElementById('view') as HTMLCanvasElement; return `${c.width}×${c.height}`; });
      const warmed = await warmSaveRoutesIn(editor, stack.urls.api, grant.token);
      if (warmed[0] !== 201 || warmed[1] < 400 || warmed[1] >= 500) throw new Error(`warm-up: create ${warmed[0]}, finalise ${warmed[1]}`);

      const t0 = performance.now();
      await editor.getByRole('button', { name: 'Save to library' }).click();
      await editor.locator('#save-done, #save-failed').first().waitFor({ state: 'visible', timeout: 300_000 });
      const saveS = (performance.now() - t0) / 1000;
      if (await editor.locator('#save-failed').isVisible()) throw new Error(`save failed: ${await editor.locator('#save-error').textContent()}`);
      const detail = (await editor.locator('#save-done-detail').textContent()) || '(1 image)';
      // The bytes sent: the saved images' sizes, as the library recorded them.
      const listed = await fetch(`${stack.urls.api}${routes.listImages.path}`, { headers: { authorization: `Bearer ${token}` } });
      const uploaded = ((await listed.json()) as Array<{ size: number }>).reduce((a, i) => a + i.size, 0);
      if (!uploaded) throw new Error('nothing saved');

      const marks = await editor.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('save:')).map((m) => [m.name.slice(5), m.startTime] as const));
      const phases = marks.slice(1).map((_next, i) => `${marks[i][0]} ${((marks[i + 1][1] - marks[i][1]) / 1000).toFixed(2)} s`).join(', ');
      const throughput = await throughputIn(editor, stack.urls.api, grant.token, uploaded);
      const budget = BUDGET_FACTOR * (uploaded / throughput) + BUDGET_FIXED_S;
      console.log(`\nSave to library, ${VIEWPORTS} viewports at DPR ${DPR} (${size} px) ${detail}`);
      console.log(`  upload bytes (the saved PNGs): ${(uploaded / 1e6).toFixed(2)} MB`);
      console.log(`  local upload throughput (plain POST, same bytes): ${(throughput / 1e6).toFixed(1)} MB/s`);
      console.log(`  Save click → "Saved": ${saveS.toFixed(2)} s (${phases}); its two routes called once before (warm, as deployed)`);
      console.log(`  budget 1.5 × (bytes ÷ throughput) + 1 s = ${budget.toFixed(2)} s: ${saveS <= budget ? 'met' : 'NOT MET'}`);
      console.log(`Load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    } finally {
      await context.close();
    }
  } finally {
    await stack.close();
    server.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

run().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
