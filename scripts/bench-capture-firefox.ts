/**
 * bench:capture's Firefox rows (issue #33 §4): the add-on's whole-page capture in firefox-esr, one
 * tabs.captureTab of the document, click to editor ready, beside Firefox's own one-shot of the same
 * page (WebDriver BiDi `browsingContext.captureScreenshot` with `origin: 'document'`, which
 * puppeteer's `fullPage` screenshot sends), each on a fresh tab, in turns, best of `runs`.
 * Budget: ≤ 1.5 × the one-shot. The capture is started as the Firefox tests start it
 * (test/firefox/capture-harness.ts: BiDi cannot click the toolbar button).
 */
import type { Page } from 'puppeteer-core';
import { FirefoxAddon } from '../test/firefox/capture-harness';
import { benchPage } from './bench-page';

const FIREFOX_BUDGET = 1.5;

export interface FirefoxRow {
  dpr: number;
  vp: number;
  captureS: number;
  oneShotS: number;
  ratio: number;
  mode: string;
}

async function freshPage(ff: FirefoxAddon, url: string): Promise<Page> {
  const page = await ff.open(url);
  await new Promise((r) => setTimeout(r, 500));
  return page;
}

async function oneShot(ff: FirefoxAddon, url: string): Promise<number> {
  const page = await freshPage(ff, url);
  const t = performance.now();
  await page.screenshot({ fullPage: true, type: 'png' });
  const s = (performance.now() - t) / 1000;
  await page.close();
  return s;
}

export async function benchFirefox(sizes: number[], dprs: number[], runs: number, log: (line: string) => void): Promise<FirefoxRow[]> {
  const rows: FirefoxRow[] = [];
  for (const dpr of dprs) {
    const ff = await FirefoxAddon.launch({ uuid: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d', dpr, minify: true, pages: { '/bench': (u) => benchPage(Number(u.searchParams.get('vp') ?? 10)) } });
    try {
      await ff.grantAllSitesInOptions();
      for (const vp of sizes) {
        const got: FirefoxRow[] = [];
        for (let run = 0; run < runs; run++) {
          const oneShotFirst = run % 2 === 1;
          const before = oneShotFirst ? await oneShot(ff, `/bench?vp=${vp}&shot=${run}`) : 0;
          const page = await freshPage(ff, `/bench?vp=${vp}&run=${run}`);
          const t = performance.now();
          const editor = await ff.capture(page);
          const captureS = (performance.now() - t) / 1000;
          const last = await ff.lastRun();
          await editor.close();
          await page.close();
          const oneShotS = oneShotFirst ? before : await oneShot(ff, `/bench?vp=${vp}&shot=${run}`);
          const t1 = last.timings!;
          log(`  Firefox, dpr ${dpr}, ${vp} viewports, run ${run + 1}: ${captureS.toFixed(2)} s as ${last.mode} in ${last.frames} image(s) (prepare ${(t1.prepareMs / 1000).toFixed(2)} s, warm-up ${(t1.warmUpMs / 1000).toFixed(2)} s, captureTab ${(t1.framesMs / 1000).toFixed(2)} s, editor ${(captureS - t1.totalMs / 1000).toFixed(2)} s); BiDi document screenshot ${oneShotS.toFixed(2)} s`);
          got.push({ dpr, vp, captureS, oneShotS, ratio: captureS / oneShotS, mode: last.mode ?? '?' });
        }
        const captureS = Math.min(...got.map((r) => r.captureS));
        const oneShotS = Math.min(...got.map((r) => r.oneShotS));
        rows.push({ dpr, vp, captureS, oneShotS, ratio: captureS / oneShotS, mode: got.find((r) => r.mode !== 'document')?.mode ?? 'document' });
      }
    } finally {
      await ff.close();
    }
  }
  return rows;
}

export function printFirefoxRows(rows: FirefoxRow[], runs: number): void {
  console.log("\nFirefox (firefox-esr): the add-on's tabs.captureTab of the document beside BiDi browsingContext.captureScreenshot (origin: document), same pages");
  console.log(`DPR  | viewports | capture, click → editor ready (s) | BiDi document screenshot (s) | ratio   (best of ${runs} each)`);
  console.log('-----|-----------|-----------------------------------|------------------------------|------');
  for (const r of rows) {
    console.log([String(r.dpr).padEnd(4), String(r.vp).padEnd(9), `${r.captureS.toFixed(2)}${r.mode === 'document' ? '' : ` (ran as ${r.mode}!)`}`.padEnd(33), r.oneShotS.toFixed(2).padEnd(28), r.ratio.toFixed(2)].join(' | '));
  }
  const worst = Math.max(...rows.map((r) => r.ratio));
  console.log(`\nWorst Firefox capture ÷ BiDi one-shot: ${worst.toFixed(2)} (target ≤ ${FIREFOX_BUDGET}): ${worst <= FIREFOX_BUDGET ? 'met' : 'NOT met'}`);
}
