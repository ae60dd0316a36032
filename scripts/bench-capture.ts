/**
 * Capture benchmark: npm run bench:capture
 *
 * For pages 10, 20 and 40 viewports tall at DPR 1 and 2, clicks the extension's toolbar button
 * (CDP Extensions.triggerAction, like a user) and measures the time until the editor shows the
 * stitched image, against the floor of ⌈frames/2⌉ s that Chrome's captureVisibleTab quota allows.
 * Also samples memory from the click until the editor has settled (ready, thumbnail saved):
 * the PSS of the extension's processes (service worker, editor tab, encoder worker) and the growth
 * of the whole browser (see bench-capture-memory.ts), each against the final bitmap's bytes
 * (width × height × 4, summed over split images). Times Playwright's own
 * page.screenshot({ fullPage: true }) on the same pages for reference.
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mb, sampleMemory, type MemoryPeaks } from './bench-capture-memory';
import { buildExtension } from './build-extension';

// BENCH_SIZES=10,20 BENCH_DPRS=1 narrow a run down.
const SIZES = (process.env.BENCH_SIZES ?? '10,20,40').split(',').map(Number);
const DPRS = (process.env.BENCH_DPRS ?? '1,2').split(',').map(Number);
const WINDOW = { width: 1280, height: 800 };

/** A page `vp` viewports tall: coloured bands of 200 px, some text, a fixed header. */
function benchPage(vp: number): string {
  return `<!doctype html><html><head><title>Bench ${vp}</title><style>
    body { margin: 0; font: 16px sans-serif; } header { position: fixed; top: 0; left: 0; right: 0; height: 50px; background: #333; color: #fff; }
    .b { height: 200px; padding: 20px; box-sizing: border-box; }
  </style></head><body><header>Fixed header</header><div id="c"></div><script>
    const c = document.getElementById('c');
    const n = Math.ceil(${vp} * innerHeight / 200);
    for (let i = 0; i < n; i++) {
      const d = document.createElement('div'); d.className = 'b';
      d.style.background = 'hsl(' + (i * 37 % 360) + ', 60%, 75%)';
      d.textContent = 'Band ' + i + ' — The quick brown fox jumps over the lazy dog.';
      c.appendChild(d);
    }
    c.style.height = (${vp} * innerHeight) + 'px'; c.style.overflow = 'hidden';
  </script></body></html>`;
}

/** Memory may be this many times the final bitmap's bytes at most (issue #12). */
const MEMORY_BUDGET = 1.5;
/** After the editor is ready it still saves a thumbnail and the record: that counts too. */
const SETTLE_MS = 2000;

interface Row {
  dpr: number;
  vp: number;
  frames: number;
  totalS: number;
  floorS: number;
  ratio: number;
  bitmapBytes: number;
  memory: MemoryPeaks;
  quotaErrors: number;
  playwrightS: number;
}

async function clickAction(context: BrowserContext, cdp: CDPSession, extId: string, page: Page): Promise<void> {
  await page.bringToFront();
  const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] } as never)) as { targetInfos: Array<{ targetId: string; url: string }> };
  const tab = targetInfos.find((t) => t.url === page.url());
  if (!tab) throw new Error('tab not found');
  await cdp.send('Extensions.triggerAction' as never, { id: extId, targetId: tab.targetId } as never);
}

async function run(): Promise<void> {
  const server = http.createServer((req, res) => {
    const vp = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('vp') ?? 10);
    res.writeHead(200, { 'content-type': 'text/html' }).end(benchPage(vp));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fps-bench-'));
  const { outDir } = await buildExtension({ outDir: path.join(tmp, 'ext'), zipPath: false });
  const rows: Row[] = [];
  try {
    for (const dpr of DPRS) {
      const profile = path.join(tmp, `profile-${dpr}`);
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        headless: false,
        viewport: null,
        args: ['--headless=new', `--disable-extensions-except=${outDir}`, `--load-extension=${outDir}`, '--enable-unsafe-extension-debugging',
          '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
          '--hide-scrollbars', `--window-size=${WINDOW.width},${WINDOW.height}`, `--force-device-scale-factor=${dpr}`],
      });
      const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const extId = new URL(sw.url()).host;
      const cdp = await context.browser()!.newBrowserCDPSession();
      for (const vp of SIZES) {
        const page = await context.newPage();
        await page.goto(`${origin}/?vp=${vp}&dpr=${dpr}`);
        await new Promise((r) => setTimeout(r, 500)); // let the page's load settle before the baseline
        const sampler = await sampleMemory(profile);
        const editorP = context.waitForEvent('page', { timeout: 120_000 });
        const t0 = performance.now();
        await clickAction(context, cdp, extId, page);
        const editor = await editorP;
        await editor.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 120_000 });
        const totalS = (performance.now() - t0) / 1000;
        const composeMs = Number(await editor.evaluate(() => document.body.dataset.composeMs));
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        const memory = await sampler.stop();
        const last = (await sw.evaluate(() => globalThis.fpsLastRun)) as { frames: number; bitmapBytes: number; quotaErrors: number; timings: { prepareMs: number; warmUpMs: number; framesMs: number; totalMs: number } };
        await editor.close();

        const t1 = performance.now();
        await page.screenshot({ fullPage: true, type: 'png' });
        const playwrightS = (performance.now() - t1) / 1000;
        await page.close();

        const floorS = Math.ceil(last.frames / 2);
        const row = { dpr, vp, frames: last.frames, totalS, floorS, ratio: totalS / floorS, bitmapBytes: last.bitmapBytes, memory, quotaErrors: last.quotaErrors, playwrightS };
        rows.push(row);
        console.log(`  dpr ${dpr}, ${vp} viewports: ${totalS.toFixed(2)} s for ${last.frames} frames (floor ${floorS} s): prepare ${(last.timings.prepareMs / 1000).toFixed(2)} s, warm-up ${(last.timings.warmUpMs / 1000).toFixed(2)} s, frames ${(last.timings.framesMs / 1000).toFixed(2)} s, editor ${(totalS - last.timings.totalMs / 1000).toFixed(2)} s (stitching ${(composeMs / 1000).toFixed(2)} s)`);
        const m = memory.peakByRole;
        console.log(`    memory (PSS, MB): bitmap ${mb(last.bitmapBytes).toFixed(0)}; extension ${mb(memory.baseline.extension).toFixed(0)} before → peak ${mb(memory.extensionPeak).toFixed(0)}; peaks by role: page ${mb(m.page).toFixed(0)}, gpu ${mb(m.gpu).toFixed(0)}, browser ${mb(m.browser).toFixed(0)}, other ${mb(m.other).toFixed(0)}; whole browser +${mb(memory.browserGrowthPeak).toFixed(0)} (${memory.samples} samples)`);
      }
      await context.close();
    }
  } finally {
    server.close();
    await rm(tmp, { recursive: true, force: true });
  }

  console.log('\nDPR | viewports | frames | capture (s) | floor ⌈frames/2⌉ (s) | ratio | quota errors | bitmap (MB) | peak ext. PSS (MB) | ÷ bitmap | browser growth (MB) | ÷ bitmap | Playwright fullPage (s)');
  console.log('----|-----------|--------|-------------|----------------------|-------|--------------|-------------|--------------------|----------|---------------------|----------|------------------------');
  for (const r of rows) {
    const cells = [
      `${r.dpr}  `, String(r.vp).padEnd(9), String(r.frames).padEnd(6), r.totalS.toFixed(2).padEnd(11), String(r.floorS).padEnd(20), r.ratio.toFixed(3), String(r.quotaErrors).padEnd(12),
      mb(r.bitmapBytes).toFixed(0).padEnd(11), mb(r.memory.extensionPeak).toFixed(0).padEnd(18), (r.memory.extensionPeak / r.bitmapBytes).toFixed(2).padEnd(8),
      mb(r.memory.browserGrowthPeak).toFixed(0).padEnd(19), (r.memory.browserGrowthPeak / r.bitmapBytes).toFixed(2).padEnd(8), r.playwrightS.toFixed(2),
    ];
    console.log(cells.join(' | '));
  }
  const worst = Math.max(...rows.map((r) => r.ratio));
  console.log(`\nWorst ratio to the floor: ${worst.toFixed(3)} (target ≤ 1.10): ${worst <= 1.1 ? 'met' : 'NOT met'}`);
  const biggest = rows.reduce((a, b) => (b.bitmapBytes > a.bitmapBytes ? b : a));
  const memRatio = biggest.memory.extensionPeak / biggest.bitmapBytes;
  console.log(
    `Peak extension memory at DPR ${biggest.dpr}, ${biggest.vp} viewports: ${mb(biggest.memory.extensionPeak).toFixed(0)} MB = ${memRatio.toFixed(2)} × the bitmap's ${mb(biggest.bitmapBytes).toFixed(0)} MB ` +
      `(target ≤ ${MEMORY_BUDGET}): ${memRatio <= MEMORY_BUDGET ? 'met' : 'NOT met'}; whole browser grew by ${(biggest.memory.browserGrowthPeak / biggest.bitmapBytes).toFixed(2)} × the bitmap`,
  );
  console.log('Capture time runs from the toolbar click to the editor showing the stitched image. Memory is PSS from /proc, sampled every 50 ms');
  console.log(`from the click until ${SETTLE_MS / 1000} s after the editor is ready; "extension" is the renderers Chrome started with --extension-process.`);
}

await run();
