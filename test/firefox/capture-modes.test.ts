/**
 * The capture modes in Firefox (issue #33 §1: "Every mode works in Chrome and Firefox, with browser
 * tests in both"): the visible part, the delayed modes with their countdown on the toolbar
 * button's badge, the selected area and one element. The same pages and pixel checks as the Chrome
 * specs (test/e2e/extension/capture-modes.spec.ts, capture-picked.spec.ts, through
 * capture-modes-checks.ts and checks.ts). A mode is started as its menu item would, with the test
 * build's `start-mode` message (capture-harness.ts says why); access to all websites stands in for
 * the click's activeTab grant, which BiDi cannot give. One browser for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { addHoverBox, bandsRowColor, BOX, expectColumn, expectVisibleBands } from '../e2e/extension/capture-modes-checks';
import { expectBands, scaleOf, viewportOf } from '../e2e/extension/checks';
import { canvasSize, near, pixel, type Rgb } from '../e2e/extension/fixtures';
import { bandColor, PICK, pickPage } from '../e2e/extension/pages';
import { canvasPage, FirefoxAddon, firefoxPresent, until } from './capture-harness';

/** Starts a picked mode on `page` and waits for its picker; resolves with a wait for the editor. */
async function openPicker(ff: FirefoxAddon, page: Page, mode: 'area' | 'element'): Promise<() => Promise<Page>> {
  const editorOpened = await ff.start(page, mode);
  await until(page, () => document.querySelector('fps-capture-picker') !== null, null);
  return editorOpened;
}

/** What the page shows has reached the screen (two frames and a little): a visible-part capture takes the last composited frame. */
const presented = (page: { evaluate: (fn: () => Promise<void>) => Promise<void> }) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))));

describe.skipIf(!firefoxPresent)('capture modes in Firefox', () => {
  let ff: FirefoxAddon;

  beforeAll(async () => {
    ff = await FirefoxAddon.launch({ uuid: '5e2a7c1b-9d4f-4a3e-8b6c-2f1d0e9a8b7c', pages: { '/pick.html': () => pickPage() } });
    await ff.grantAllSitesInOptions();
  });
  afterAll(() => ff?.close());

  it('visible part: exactly one viewport at the scroll position, nothing on the page changed', async () => {
    const page = await ff.open('/bands.html');
    await page.evaluate(() => scrollTo(0, 1234));
    await presented(page);
    const editor = await ff.capture(page, 'visible');
    await expectVisibleBands(canvasPage(editor), canvasPage(page), 1);
    expect(await ff.lastRun()).toMatchObject({ mode: 'visible', frames: 1, parts: 1 });
    // Nothing was injected: no overlay, no style touched, the same scroll position.
    expect(await page.evaluate(() => ({ y: scrollY, styled: document.querySelectorAll('[style]:not(#late):not(.band)').length, overlay: document.querySelectorAll('fps-capture-overlay').length }))).toEqual({ y: 1234, styled: 0, overlay: 0 });
    await editor.close();
    await page.close();
  });

  it('delayed visible part: the badge counts down, and a hover made meanwhile is captured', async () => {
    const page = await ff.open('/bands.html');
    await addHoverBox(canvasPage(page));
    await page.mouse.move(10, 700);
    const boxColor = () => page.evaluate(() => getComputedStyle(document.getElementById('hover-box')!).backgroundColor.match(/\d+/g)!.map(Number) as Rgb);
    expect(near(await boxColor(), BOX.color)).toBe(true);
    const started = Date.now();
    const editorOpened = await ff.start(page, 'visible-3s');
    const during = await ff.badge();
    expect(during.text).toMatch(/^[123]$/);
    expect(during.title).toMatch(/^Capturing the visible part in [123] s\. Click the button again to cancel\.$/);
    // Nothing is drawn on the page while it counts down.
    expect(await page.evaluate(() => document.querySelectorAll('fps-capture-overlay').length)).toBe(0);
    for (let i = 0; (await ff.badge()).text !== '2'; i++) {
      if (i > 60) throw new Error('the badge never read 2');
      await new Promise((r) => setTimeout(r, 50));
    }
    await page.mouse.move(BOX.x + BOX.size / 2, BOX.y + BOX.size / 2);
    expect(near(await boxColor(), BOX.hover)).toBe(true);
    const editor = await editorOpened();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(await ff.badge()).toEqual({ text: '', title: 'Capture the whole page (Alt+Shift+P)' });
    expect(near(await pixel(canvasPage(editor), BOX.x + 10, BOX.y + 10), BOX.hover)).toBe(true);
    expect(near(await pixel(canvasPage(editor), BOX.x - 10, BOX.y + 10), bandsRowColor(BOX.y + 10, 0))).toBe(true);
    expect((await ff.lastRun()).mode).toBe('visible');
    await editor.close();
    await page.close();
  });

  it('delayed whole page: after its countdown, the same whole-page capture as a click', async () => {
    const page = await ff.open('/bands.html');
    const { width } = await scaleOf(canvasPage(page));
    const started = Date.now();
    const editorOpened = await ff.start(page, 'whole-3s');
    expect((await ff.badge()).text).toMatch(/^[123]$/);
    // Nothing is injected before the countdown ends: the page is as the user left it.
    expect(await page.evaluate(() => document.querySelectorAll('fps-capture-overlay').length)).toBe(0);
    const editor = await editorOpened();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    await expectBands(canvasPage(editor), 1, width);
    expect((await ff.lastRun()).mode).toBe('document');
    await editor.close();
    await page.close();
  });

  it('area: a drag past the bottom edge scrolls, and the area taller than the viewport comes out with the fixed header once', async () => {
    const page = await ff.open('/bands.html?bands=8'); // 1700 px tall
    const vp = await viewportOf(canvasPage(page));
    const maxScroll = 1700 - vp.height;
    const editorOpened = await openPicker(ff, page, 'area');
    await page.mouse.move(100, 30);
    await page.mouse.down();
    await page.mouse.move(300, 400, { steps: 4 });
    // Held at the bottom edge, the page scrolls to its end under the drag.
    await page.mouse.move(300, vp.height - 1);
    await until(page, (end) => scrollY >= end, maxScroll, 10_000);
    await page.mouse.move(300, vp.height - 100);
    await page.mouse.up();
    const editor = await editorOpened();
    // Page rows 30 to the end less 100, columns 100 to 300.
    expect(await canvasSize(canvasPage(editor))).toEqual({ width: 200, height: 1700 - 100 - 30 });
    // The page as drawn at scroll 0: header, nav, bands; no picker shade or outline anywhere.
    for (const x of [0, 100, 199]) await expectColumn(canvasPage(editor), x, (y) => bandsRowColor(30 + y, 0));
    expect((await ff.lastRun()).mode).toBe('area');
    expect(await page.evaluate(() => document.querySelectorAll('fps-capture-picker, fps-capture-overlay').length)).toBe(0);
    await editor.close();
    await page.close();
  });

  it('area: Escape during the drag cancels; no editor opens and the page is left as it was', async () => {
    const page = await ff.open('/bands.html?bands=8');
    const before = (await ff.browser.pages()).length;
    const last = (await ff.lastRun()).captureId;
    await openPicker(ff, page, 'area');
    await page.mouse.move(100, 100);
    await page.mouse.down();
    await page.mouse.move(400, 500, { steps: 4 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await until(page, () => document.querySelectorAll('fps-capture-picker').length === 0, null, 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await ff.browser.pages()).length).toBe(before);
    expect((await ff.lastRun()).captureId).toBe(last);
    // The pointer reaches the page again.
    expect(await page.evaluate(() => document.elementFromPoint(200, 300)?.className)).toBe('band');
    await page.close();
  });

  it('element: hover, Arrow Up to the parents and Down again, click: an element taller than the viewport', async () => {
    const page = await ff.open('/pick.html');
    const editorOpened = await openPicker(ff, page, 'element');
    const { inner } = PICK;
    // Over the small box inside band 3; Arrow Up: its band, the section of bands, the body; Arrow
    // Down goes back the same way, to the section.
    await page.mouse.move(PICK.left + inner.x + 10, PICK.top + inner.band * PICK.bandHeight + inner.y + 10, { steps: 3 });
    for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowDown'] as const) await page.keyboard.press(key);
    await page.mouse.down();
    await page.mouse.up();
    const editor = await editorOpened();
    const height = PICK.bands * PICK.bandHeight;
    expect(await canvasSize(canvasPage(editor))).toEqual({ width: PICK.width, height });
    // Every band in its place, and no fixed header over the rows below the first screen.
    await expectColumn(canvasPage(editor), 20, (y) => bandColor(Math.floor(y / PICK.bandHeight)));
    await expectColumn(canvasPage(editor), PICK.width - 1, (y) => bandColor(Math.floor(y / PICK.bandHeight)));
    const boxTop = inner.band * PICK.bandHeight + inner.y;
    expect(near(await pixel(canvasPage(editor), inner.x + 5, boxTop + 5), inner.color)).toBe(true);
    expect(near(await pixel(canvasPage(editor), inner.x + inner.width + 5, boxTop + 5), bandColor(inner.band))).toBe(true);
    expect((await ff.lastRun()).mode).toBe('element');
    await editor.close();
    await page.close();
  });
});
