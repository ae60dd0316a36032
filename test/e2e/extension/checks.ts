/** Pixel checks shared by the capture specs. */
import type { Page } from '@playwright/test';
import { canvasSize, columnRuns, expect, near, pixel, type Rgb } from './fixtures';
import { APP, APP_HEADER, APP_SIDEBAR, BANDS, BANDS_PAGE_HEIGHT, HEADER, LATE_FIXED, NAV, bandColor, LAZY, lazyColor, WIDE, wideColor } from './pages';

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
