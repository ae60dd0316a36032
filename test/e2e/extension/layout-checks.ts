/** Pixel checks for the pages of layout-pages.ts. */
import type { Page } from '@playwright/test';
import { canvasSize, columnRuns, expect, near, type ExtensionHarness, type Rgb } from './fixtures';
import { scaleOf } from './checks';
import { HEADER } from './pages';
import { AD, INNER_FOOTER, INNER_HEADER, INNER_RAIL_COLORS, INNER_RAILS, changingLayout, type ChangingOptions } from './layout-pages';

type Run = [number, number, number, number, number];
const WHITE: Rgb = [255, 255, 255];

/** Compares runs down a column with the wanted ones, naming the first that differs. */
function expectRuns(runs: Run[], want: Run[], tol: number, what: string): void {
  const bad = want.findIndex((w, i) => {
    const r = runs[i];
    return !r || !near([r[0], r[1], r[2]], [w[0], w[1], w[2]]) || Math.abs(r[3] - w[3]) > tol || Math.abs(r[4] - w[4]) > tol;
  });
  expect(bad, `${what}: run ${bad} is ${JSON.stringify(runs[bad])}, want ${JSON.stringify(want[bad])}; runs ${JSON.stringify(runs.slice(Math.max(0, bad - 2), bad + 3))}`).toBe(-1);
  expect(runs.length, `${what}: ${runs.length} runs, want ${want.length}; last ${JSON.stringify(runs.slice(want.length - 1))}`).toBe(want.length);
}

/**
 * The changing page as it looks once settled, unscrolled: the expanded header, then every
 * section once, in order, at its final height, and nothing after the last one (no ad, no blank).
 */
async function expectChanging(editor: Page, s: number, o: ChangingOptions, viewportWidth: number): Promise<void> {
  const L = changingLayout(o);
  const size = await canvasSize(editor);
  // Edges fall on whole device rows (multiples of 4 CSS px); a scrolled layout 71 px off may snap a row either way at 1.25.
  const tol = Number.isInteger(s) ? 0 : 1;
  const want: Run[] = [];
  if (L.headerHeight) want.push([...HEADER, 0, L.headerHeight * s]);
  for (const sec of L.sections) want.push([...sec.color, sec.top * s, (sec.top + sec.height) * s]);
  const runs = await columnRuns(editor, Math.round(20 * s));
  expect(runs.filter((r) => near([r[0], r[1], r[2]], AD)), 'the removed ad').toEqual([]);
  expectRuns(runs, want, tol, 'sections down the left edge');
  expect(size.height, 'image height').toBe(L.height * s);
  expect(Math.abs(size.width - viewportWidth * s), `image width ${size.width} for ${viewportWidth} CSS px`).toBeLessThan(1);
}

/**
 * The inner-rails page, pixel-exact: the header from frame 0, then rail k at device row
 * (header + k × period) × dpr with the first rail's thickness and white between, then the footer.
 */
async function expectInnerRails(editor: Page, dpr: number, viewportWidth: number, footerCss: number = INNER_RAILS.footerHeight): Promise<void> {
  // devicePixelRatio at a zoom is a float (1.100000023841858): whole device rows within 1e-3.
  const P = Math.round(INNER_RAILS.period * dpr);
  const H = Math.round(INNER_RAILS.headerHeight * dpr);
  expect(Math.abs(P - INNER_RAILS.period * dpr) + Math.abs(H - INNER_RAILS.headerHeight * dpr), 'test setup: period and header must be whole device rows').toBeLessThan(1e-3);
  const size = await canvasSize(editor);
  const end = H + INNER_RAILS.count * P;
  const footer = footerCss * dpr;
  expect(Math.abs(size.height - end - footer), `image height ${size.height}: ${end} of header and pane, then a footer of ${footer}`).toBeLessThanOrEqual(1);
  expect(Math.abs(size.width - viewportWidth * dpr), `image width ${size.width} for ${viewportWidth} CSS px`).toBeLessThan(1);
  for (const x of [Math.round((INNER_RAILS.sidebarWidth + 50) * dpr), size.width - Math.round(7 * dpr)]) {
    const runs = await columnRuns(editor, x);
    const thickness = runs[1] ? runs[1][4] - runs[1][3] : 0;
    expect(thickness, 'first rail').toBeGreaterThanOrEqual(1);
    const want: Run[] = [[...INNER_HEADER, 0, H]];
    for (let k = 0; k < INNER_RAILS.count; k++) {
      want.push([...INNER_RAIL_COLORS[k % INNER_RAIL_COLORS.length], H + k * P, H + k * P + thickness]);
      want.push([...WHITE, H + k * P + thickness, H + (k + 1) * P]);
    }
    want.push([...INNER_FOOTER, end, size.height]);
    expectRuns(runs, want, 0, `column ${x}`);
  }
}

/** Section 2: captures the changing page with every part on, and checks it. */
export async function captureChanging(ext: ExtensionHarness, o: ChangingOptions = { header: true, cv: true, grow: true, shrink: true }): Promise<void> {
  const q = Object.entries(o).filter(([, on]) => on).map(([k]) => `${k}=1`).join('&');
  const page = await ext.open(`/changing.html?${q}`);
  const s = await scaleOf(page);
  const editor = await ext.capture(page);
  await expectChanging(editor, s.dpr, o, s.width);
  await editor.close();
  await page.close();
}

/**
 * Section 4: the inner-rails page at a page zoom, pixel-exact. `paneRows`: the pane is that many
 * device rows tall, a height in CSS px whose rounded clientHeight is not (at 1.8, 1,108 rows is
 * 615.56 px and reads 616, one row more), so a plan that steps by clientHeight leaves a gap at
 * every seam. (The pane of the plain page is a device row off or not depending on the window.)
 */
export async function captureInnerRails(ext: ExtensionHarness, zoom: number, paneRows?: number): Promise<void> {
  const first = await ext.open('/inner-rails.html');
  await ext.setZoom(first, zoom);
  const { dpr } = await scaleOf(first);
  const page = paneRows ? await ext.open(`/inner-rails.html?pane=${paneRows / dpr}`) : first;
  if (paneRows) {
    await first.close();
    await ext.setZoom(page, zoom);
    const pane = await page.evaluate(() => {
      const m = document.querySelector('main')!;
      return { height: m.getBoundingClientRect().height, clientHeight: m.clientHeight };
    });
    expect(Math.abs(pane.height * dpr - paneRows), 'test setup: the pane has its device rows').toBeLessThan(0.05);
    expect(Math.abs(Math.round(pane.clientHeight * dpr) - paneRows), 'test setup: clientHeight is a device row off').toBe(1);
  }
  const s = await scaleOf(page);
  const footer = paneRows ? await page.evaluate(() => document.querySelector('.foot')!.getBoundingClientRect().height) : undefined;
  const editor = await ext.capture(page);
  await expectInnerRails(editor, s.dpr, s.width, footer);
  await editor.close();
  await page.close();
}
