/** Helpers of the capture-mode tests (capture-modes*.spec.ts, capture-picked.spec.ts): the bands page's visible part, the badge, a hover box, the pickers. */
import { expect, type Page } from '@playwright/test';
import { canvasSize, columnRuns, near, pixel, type ExtensionHarness, type Rgb } from './fixtures';
import { BANDS, bandColor, HEADER, NAV } from './pages';

export const BOX: { x: number; y: number; size: number; color: Rgb; hover: Rgb } = { x: 300, y: 300, size: 200, color: [0, 0, 255], hover: [255, 0, 0] };

/** A fixed box on the page that turns red on :hover. */
export async function addHoverBox(page: Page): Promise<void> {
  await page.evaluate((b) => {
    const style = document.createElement('style');
    style.textContent = `#hover-box { position: fixed; left: ${b.x}px; top: ${b.y}px; width: ${b.size}px; height: ${b.size}px; background: rgb(${b.color}); z-index: 20; }
      #hover-box:hover { background: rgb(${b.hover}); }`;
    document.head.append(style);
    const box = document.createElement('div');
    box.id = 'hover-box';
    document.body.append(box);
  }, BOX);
}

/** The toolbar button's badge and tooltip on the active tab, read in the service worker. */
export async function badgeOf(ext: ExtensionHarness): Promise<{ text: string; title: string }> {
  return (await ext.worker()).evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return { text: await chrome.action.getBadgeText({ tabId: tab.id }), title: await chrome.action.getTitle({ tabId: tab.id }) };
  });
}

/** The editor a click opens, once it has settled (ExtensionHarness.capture, for a click made already). */
export async function settledEditor(next: Promise<Page>): Promise<Page> {
  const editor = await next;
  await editor.waitForURL(/editor\.html/);
  await editor.waitForFunction(() => ['ready', 'error', 'restricted', 'missing'].includes(document.body.dataset.state ?? ''), null, { timeout: 60_000 });
  await editor.waitForFunction(() => !document.getElementById('view')?.hasAttribute('data-pending'));
  return editor;
}

/** The colour a pixel of the bands page shows at viewport row `y` when scrolled to `scrollY`. */
export function bandsRowColor(y: number, scrollY: number): Rgb {
  if (y < BANDS.headerHeight) return HEADER;
  if (y < BANDS.headerHeight + BANDS.navHeight) return NAV; // the sticky nav, stuck under the header
  return bandColor(Math.floor((scrollY + y - BANDS.top) / BANDS.height));
}

/**
 * The visible part of the bands page, row by row in device pixels at `dpr`: one viewport (without
 * scrollbars) at the page's scroll position. Rows within a CSS px of an edge are left out (they
 * blend at fractional DPRs).
 */
export async function expectVisibleBands(editor: Page, page: Page, dpr: number): Promise<void> {
  const { width, height, scrollY } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.clientHeight, scrollY: window.scrollY }));
  expect(await canvasSize(editor)).toEqual({ width: Math.round(width * dpr), height: Math.round(height * dpr) });
  const edges = [BANDS.headerHeight, BANDS.headerHeight + BANDS.navHeight];
  const nearEdge = (css: number) => edges.some((e) => Math.abs(css - e) < 1) || Math.abs(((scrollY + css - BANDS.top) % BANDS.height + BANDS.height) % BANDS.height) < 1 || ((scrollY + css - BANDS.top) % BANDS.height) > BANDS.height - 1;
  let checked = 0;
  for (let y = 0; y < Math.round(height * dpr); y += 7) {
    const css = y / dpr;
    if (nearEdge(css)) continue;
    expect(near(await pixel(editor, 20, y), bandsRowColor(Math.floor(css), scrollY)), `device row ${y} (CSS ${css}, scroll ${scrollY})`).toBe(true);
    checked++;
  }
  expect(checked).toBeGreaterThan(100);
}


/**
 * Waits until what the page shows has reached the screen: a visible-part capture takes the last
 * composited frame, and a test (unlike a person) clicks within a frame of scrolling or zooming.
 */
export async function presented(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForTimeout(150);
}

/** Clicks the toolbar button in `mode` and waits for its picker on the page. */
export async function openPicker(ext: ExtensionHarness, page: Page, mode: 'area' | 'element'): Promise<void> {
  await ext.setStorage({ testHooks: { actionMode: mode } });
  await ext.clickAction(page);
  await page.waitForFunction(() => document.querySelector('fps-capture-picker') !== null);
}

/** Every run of colour down column `x` of the image matches `rowColor` at both of its ends. */
export async function expectColumn(editor: Page, x: number, rowColor: (y: number) => Rgb): Promise<void> {
  const runs = await columnRuns(editor, x);
  for (const [r, g, b, start, end] of runs) {
    for (const y of [start, end - 1]) expect(near([r, g, b], rowColor(y)), `row ${y} at x ${x}: ${[r, g, b]} (runs ${JSON.stringify(runs.slice(0, 12))})`).toBe(true);
  }
}
