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
import { addHoverBox, bandsRowColor, BOX, expectVisibleBands } from '../e2e/extension/capture-modes-checks';
import { expectBands, scaleOf } from '../e2e/extension/checks';
import { near, pixel, type Rgb } from '../e2e/extension/fixtures';
import { canvasPage, FirefoxAddon, firefoxPresent } from './capture-harness';

/** What the page shows has reached the screen (two frames and a little): a visible-part capture takes the last composited frame. */
const presented = (page: { evaluate: (fn: () => Promise<void>) => Promise<void> }) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))));

describe.skipIf(!firefoxPresent)('capture modes in Firefox', () => {
  let ff: FirefoxAddon;

  beforeAll(async () => {
    ff = await FirefoxAddon.launch({ uuid: '5e2a7c1b-9d4f-4a3e-8b6c-2f1d0e9a8b7c' });
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
});
