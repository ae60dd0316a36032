/** Pixel checks shared by the capture specs. */
import type { Page } from '@playwright/test';
import { canvasSize, columnRuns, expect, near, pixel, type ExtensionHarness, type Rgb } from './fixtures';
import { APP, APP_HEADER, APP_SIDEBAR, BANDS, BANDS_PAGE_HEIGHT, FIXED_BG, HEADER, LATE_FIXED, NAV, RAIL_COLORS, RAILS, VRAIL, bandColor, LAZY, lazyColor, WIDE, wideColor } from './pages';

type Run = [number, number, number, number, number];
const runsOf = (runs: Run[], c: Rgb) => runs.filter((r) => near([r[0], r[1], r[2]], c));

/** Expects exactly one run of colour `c` spanning [start, end) device px, ±tol. */
function expectOneRun(runs: Run[], c: Rgb, start: number, end: number, tol: number, what: string) {
  const found = runsOf(runs, c);
  expect(found.length, `${what}: runs ${JSON.stringify(found)}`).toBe(1);
  expect(Math.abs(found[0][3] - start), `${what} starts at ${found[0][3]}, want ${start}`).toBeLessThanOrEqual(tol);
  expect(Math.abs(found[0][4] - end), `${what} ends at ${found[0][4]}, want ${end}`).toBeLessThanOrEqual(tol);
}

/** The bands page: every band at its offset, the fixed header and sticky nav once, no late fixed button. */
export async function expectBands(editor: Page, s: number, viewportWidth: number): Promise<void> {
  expect(await canvasSize(editor)).toEqual({ width: Math.round(viewportWidth * s), height: Math.round(BANDS_PAGE_HEIGHT * s) });
  const runs = await columnRuns(editor, Math.round(20 * s));
  const tol = Math.ceil(s);
  expectOneRun(runs, HEADER, 0, BANDS.headerHeight * s, tol, 'fixed header');
  expectOneRun(runs, NAV, BANDS.navTop * s, (BANDS.navTop + BANDS.navHeight) * s, tol, 'sticky nav');
  for (let i = 0; i < BANDS.count; i++) {
    const top = (BANDS.top + i * BANDS.height) * s;
    expectOneRun(runs, bandColor(i), top, top + BANDS.height * s, tol, `band ${i}`);
  }
  // Under the progress panel (top right of the page while capturing): the bands are intact.
  const underPanel = await columnRuns(editor, Math.round((viewportWidth - 100) * s));
  for (let i = 0; i < BANDS.count; i++) {
    const top = (BANDS.top + i * BANDS.height) * s;
    expectOneRun(underPanel, bandColor(i), top, top + BANDS.height * s, tol, `band ${i} under the progress panel`);
  }
  // The "back to top" button appeared only after scrolling: it must not be in the image at all.
  const right = await columnRuns(editor, Math.round((viewportWidth - 35) * s));
  expect(runsOf(right, LATE_FIXED)).toEqual([]);
}

export async function expectApp(editor: Page, s: number, viewportWidth: number, viewportHeight: number): Promise<void> {
  const contentH = APP.bands * APP.bandHeight;
  expect(await canvasSize(editor)).toEqual({ width: Math.round(viewportWidth * s), height: Math.round((APP.headerHeight + contentH) * s) });
  const tol = Math.ceil(s);
  const main = await columnRuns(editor, Math.round((APP.sidebarWidth + 300) * s));
  expectOneRun(main, APP_HEADER, 0, APP.headerHeight * s, tol, 'app header');
  for (let i = 0; i < APP.bands; i++) {
    const top = (APP.headerHeight + i * APP.bandHeight) * s;
    expectOneRun(main, bandColor(i), top, top + APP.bandHeight * s, tol, `pane band ${i}`);
  }
  // The sidebar sits outside the scroller: it comes from the first frame only.
  const side = await columnRuns(editor, Math.round(50 * s));
  expectOneRun(side, APP_SIDEBAR, APP.headerHeight * s, viewportHeight * s, tol, 'sidebar');
}

export async function expectLazy(editor: Page, s: number): Promise<void> {
  for (let i = 0; i < LAZY.count; i++) {
    const got = await pixel(editor, Math.round(200 * s), Math.round((300 + i * LAZY.gap + LAZY.size / 2) * s));
    expect(near(got, lazyColor(i)), `lazy image ${i}: ${got} vs ${lazyColor(i)}`).toBe(true);
  }
}

export async function expectWide(editor: Page, s: number): Promise<void> {
  expect(await canvasSize(editor)).toEqual({ width: WIDE.cols * WIDE.cell * s, height: WIDE.rows * WIDE.cell * s });
  for (let r = 0; r < WIDE.rows; r++) {
    for (let c = 0; c < WIDE.cols; c++) {
      const probes: Array<[number, number]> = [[0.5, 0.5], [0.02, 0.02], [0.98, 0.98]];
      for (const [fx, fy] of probes) {
        const got = await pixel(editor, Math.round((c + fx) * WIDE.cell * s), Math.round((r + fy) * WIDE.cell * s));
        expect(near(got, wideColor(r, c)), `cell ${r},${c} at ${fx},${fy}: ${got}`).toBe(true);
      }
    }
  }
}

/** What the page reports about its viewport (to compute expected sizes). */
export async function viewportOf(page: Page): Promise<{ width: number; height: number }> {
  return page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }));
}

/** A page whose content scrolls in an iframe below the top page's header. */
export async function expectFramed(editor: Page, s: number, viewportWidth: number): Promise<void> {
  const contentH = APP.bands * APP.bandHeight;
  expect(await canvasSize(editor)).toEqual({ width: Math.round(viewportWidth * s), height: Math.round((APP.headerHeight + contentH) * s) });
  const tol = Math.ceil(s);
  const col = await columnRuns(editor, Math.round(300 * s));
  expectOneRun(col, APP_HEADER, 0, APP.headerHeight * s, tol, 'top header');
  for (let i = 0; i < APP.bands; i++) {
    const top = (APP.headerHeight + i * APP.bandHeight) * s;
    expectOneRun(col, bandColor(i), top, top + APP.bandHeight * s, tol, `framed band ${i}`);
  }
}

/** Runs of equal colour along one row of the editor's canvas: [r, g, b, startX, endX). */
async function rowRuns(editor: Page, y: number): Promise<Run[]> {
  return editor.evaluate((y) => {
    const c = document.getElementById('view') as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(0, y, c.width, 1).data;
    const runs: Array<[number, number, number, number, number]> = [];
    for (let x = 0; x < c.width; x++) {
      const [r, g, b] = [d[x * 4], d[x * 4 + 1], d[x * 4 + 2]];
      const last = runs[runs.length - 1];
      if (last && Math.abs(last[0] - r) <= 3 && Math.abs(last[1] - g) <= 3 && Math.abs(last[2] - b) <= 3) last[4] = x + 1;
      else runs.push([r, g, b, x, x + 1]);
    }
    return runs;
  }, y);
}

const WHITE: Rgb = [255, 255, 255];

/**
 * The rails page, pixel-exact: rail k starts at device row k × period × dpr in every column
 * checked, with the thickness Chrome gave the first rail, and white between rails; vertical rails
 * run unbroken from top to bottom and sit at x × dpr. A seam that gains or loses one device row
 * anywhere fails this.
 */
async function expectRails(editor: Page, dpr: number, viewportWidth: number): Promise<void> {
  const D = Math.round(RAILS.period * dpr);
  expect(Math.abs(D - RAILS.period * dpr), 'test setup: the rail period must be whole device pixels').toBeLessThan(1e-6);
  const size = await canvasSize(editor);
  expect(size.height, 'image height').toBe(RAILS.count * D);
  expect(Math.abs(size.width - viewportWidth * dpr), `image width ${size.width} for ${viewportWidth} CSS px`).toBeLessThan(1);

  const columns = [Math.round(RAILS.colPeriod * 0.5 * dpr), Math.round((viewportWidth - 7) * dpr)];
  for (const x of columns) {
    const runs = await columnRuns(editor, x);
    const thickness = runs[0][4] - runs[0][3];
    expect(thickness, 'first rail').toBeGreaterThanOrEqual(1);
    const want: Run[] = [];
    for (let k = 0; k < RAILS.count; k++) {
      want.push([...RAIL_COLORS[k % RAIL_COLORS.length], k * D, k * D + thickness]);
      want.push([...WHITE, k * D + thickness, (k + 1) * D]);
    }
    const bad = want.findIndex((w, i) => !runs[i] || !near([runs[i][0], runs[i][1], runs[i][2]], [w[0], w[1], w[2]]) || runs[i][3] !== w[3] || runs[i][4] !== w[4]);
    expect(bad, `column ${x}: first wrong run ${JSON.stringify(runs[bad])}, want ${JSON.stringify(want[bad])} (device row ${want[bad]?.[3]})`).toBe(-1);
    expect(runs.length, `column ${x}: extra runs`).toBe(want.length);
  }

  // Vertical rails: unbroken from the top to the bottom, at x × dpr.
  const first = Math.round(RAILS.colPeriod * dpr);
  const down = await columnRuns(editor, first);
  expect(down.map((r) => [r[0], r[1], r[2], r[3], r[4]]), `vertical rail at device column ${first}`).toEqual([[...VRAIL, 0, size.height]]);
  for (const k of [0, 37, 123, 250, 377, RAILS.count - 1]) {
    const y = Math.round((k * RAILS.period + RAILS.period / 2) * dpr);
    const rails = (await rowRuns(editor, y)).filter((r) => near([r[0], r[1], r[2]], VRAIL));
    const starts = rails.map((r) => r[3]);
    const want = [];
    for (let x = RAILS.colPeriod; x < viewportWidth; x += RAILS.colPeriod) want.push(Math.round(x * dpr));
    expect(starts, `vertical rails in row ${y}`).toEqual(want);
  }
}

/** The fixed background's square shows once, at the top left of the page. */
async function expectFixedBackgroundOnce(editor: Page, dpr: number): Promise<void> {
  const runs = await columnRuns(editor, Math.round((FIXED_BG.size / 2) * dpr));
  const squares = runsOf(runs, FIXED_BG.color);
  expect(squares.map((r) => [r[3], r[4]]), 'the fixed background image').toEqual([[0, Math.round(FIXED_BG.size * dpr)]]);
}

/** The page's devicePixelRatio (DPR × page zoom) and CSS viewport. */
export async function scaleOf(page: Page): Promise<{ dpr: number; width: number; height: number }> {
  return page.evaluate(() => ({ dpr: devicePixelRatio, width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }));
}

type Scale = Awaited<ReturnType<typeof scaleOf>>;

/** Captures an opened page, runs a pixel check with the page's scale, and closes both. */
export async function captureAndCheck(ext: ExtensionHarness, page: Page, check: (editor: Page, s: Scale) => Promise<void>): Promise<void> {
  const s = await scaleOf(page);
  const editor = await ext.capture(page);
  await check(editor, s);
  await editor.close();
  await page.close();
}

/** Checks for `captureAndCheck`: the rails page, and the fixed-background page. */
export const railsExact = (editor: Page, s: Scale) => expectRails(editor, s.dpr, s.width);
export const fixedBackgroundOnce = (editor: Page, s: Scale) => expectFixedBackgroundOnce(editor, s.dpr);
