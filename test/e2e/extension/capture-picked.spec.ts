/**
 * Selected area and one element (issue #33 §1): the pickers on the page, driven with the mouse and
 * keyboard as a person does, and the captures they start, checked pixel by pixel against the
 * pages' drawing. Modes are started with the test-build hook of capture-modes.spec.ts
 * (`testHooks.actionMode`): headless Chromium opens neither the button's menu nor shortcuts.
 */
import type { BrowserContext } from '@playwright/test';
import { test, expect, canvasSize, near, pixel } from './fixtures';
import { bandsRowColor, expectColumn, openPicker, settledEditor } from './capture-modes-checks';
import { viewportOf } from './checks';
import { bandColor, PICK } from './pages';

const pageCount = (context: BrowserContext) => context.pages().length;

test.describe('selected area and one element', () => {
  test.afterEach(async ({ ext }) => {
    await ext.removeStorage(['testHooks']);
  });

  test('area: a drag past the bottom edge scrolls, and the area taller than the viewport is stitched with the fixed header once', async ({ ext, browserContext }) => {
    const page = await ext.open('/bands.html?bands=8'); // 1700 px tall
    const vp = await viewportOf(page);
    const maxScroll = 1700 - vp.height;
    await openPicker(ext, page, 'area');
    await page.mouse.move(100, 30);
    await page.mouse.down();
    await page.mouse.move(300, 400, { steps: 4 });
    // Held at the bottom edge, the page scrolls to its end under the drag.
    await page.mouse.move(300, vp.height - 1);
    await page.waitForFunction((end) => scrollY >= end, maxScroll, { timeout: 10_000 });
    await page.mouse.move(300, vp.height - 100);
    const next = browserContext.waitForEvent('page', { timeout: 60_000 });
    await page.mouse.up();
    const editor = await settledEditor(next);
    expect(await editor.evaluate(() => document.body.dataset.state)).toBe('ready');
    // Page rows 30 to the end less 100, columns 100 to 300.
    expect(await canvasSize(editor)).toEqual({ width: 200, height: 1700 - 100 - 30 });
    // The page as drawn at scroll 0: header, nav, bands; no picker shade or outline anywhere.
    for (const x of [0, 100, 199]) await expectColumn(editor, x, (y) => bandsRowColor(30 + y, 0));
    const run = await (await ext.worker()).evaluate(() => globalThis.fpsLastRun);
    // Frames only down to the area's end (the page's grid, as it starts on the first screen).
    expect(run).toMatchObject({ mode: 'area', frames: Math.ceil((1700 - 100) / vp.height), quotaErrors: 0 });
    expect(await page.evaluate(() => document.querySelectorAll('fps-capture-picker, fps-capture-overlay').length)).toBe(0);
    await editor.close();
    await page.close();
  });

  test('area: Escape during the drag cancels; no editor opens and the page is left as it was', async ({ ext, browserContext }) => {
    const page = await ext.open('/bands.html?bands=8');
    const worker = await ext.worker();
    await worker.evaluate(() => void (globalThis.fpsLastRun = undefined));
    const before = pageCount(browserContext);
    await openPicker(ext, page, 'area');
    await page.mouse.move(100, 100);
    await page.mouse.down();
    await page.mouse.move(400, 500, { steps: 4 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('fps-capture-picker').length)).toBe(0);
    await page.waitForTimeout(1500);
    expect(pageCount(browserContext)).toBe(before);
    expect(await worker.evaluate(() => globalThis.fpsLastRun)).toBeUndefined();
    // The pointer reaches the page again.
    expect(await page.evaluate(() => document.elementFromPoint(200, 300)?.className)).toBe('band');
    await page.close();
  });

  test('element: hover, Arrow Up to the parents and Down again, click: an element taller than the viewport, stitched', async ({ ext, browserContext }) => {
    const page = await ext.open('/pick.html');
    await openPicker(ext, page, 'element');
    const { inner } = PICK;
    // Over the small box inside band 3; Arrow Up: its band, the section of bands, the body; Arrow
    // Down goes back the same way, to the section.
    await page.mouse.move(PICK.left + inner.x + 10, PICK.top + inner.band * PICK.bandHeight + inner.y + 10, { steps: 3 });
    for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
    const next = browserContext.waitForEvent('page', { timeout: 60_000 });
    await page.mouse.down();
    await page.mouse.up();
    const editor = await settledEditor(next);
    const height = PICK.bands * PICK.bandHeight;
    expect(await canvasSize(editor)).toEqual({ width: PICK.width, height });
    // Every band in its place, and no fixed header over the second frame's rows.
    await expectColumn(editor, 20, (y) => bandColor(Math.floor(y / PICK.bandHeight)));
    await expectColumn(editor, PICK.width - 1, (y) => bandColor(Math.floor(y / PICK.bandHeight)));
    const boxTop = inner.band * PICK.bandHeight + inner.y;
    expect(near(await pixel(editor, inner.x + 5, boxTop + 5), inner.color)).toBe(true);
    expect(near(await pixel(editor, inner.x + inner.width + 5, boxTop + 5), bandColor(inner.band))).toBe(true);
    expect(await (await ext.worker()).evaluate(() => globalThis.fpsLastRun)).toMatchObject({ mode: 'element', frames: 2 });
    await editor.close();
    await page.close();
  });

  test('element: an inner scroll pane is captured unrolled', async ({ ext, browserContext }) => {
    const page = await ext.open('/pick.html');
    await page.mouse.move(300, 300);
    await page.mouse.wheel(0, 1300); // the pane at 100–400 on screen
    await page.waitForFunction(() => scrollY === 1300);
    await openPicker(ext, page, 'element');
    const { pane } = PICK;
    // On the pane's padding: the pane itself, not one of its rows.
    await page.mouse.move(PICK.left + 5, pane.top - 1300 + 150, { steps: 3 });
    const next = browserContext.waitForEvent('page', { timeout: 60_000 });
    await page.mouse.down();
    await page.mouse.up();
    const editor = await settledEditor(next);
    const height = pane.bands * PICK.bandHeight;
    expect(await canvasSize(editor)).toEqual({ width: PICK.width, height });
    await expectColumn(editor, pane.padLeft + 20, (y) => bandColor(pane.firstBand + Math.floor(y / PICK.bandHeight)));
    await expectColumn(editor, 5, () => [255, 255, 255]);
    // The pane and the page are scrolled back to where they were.
    expect(await page.evaluate(() => [scrollY, document.getElementById('pane')!.scrollTop])).toEqual([1300, 0]);
    await editor.close();
    await page.close();
  });
});
