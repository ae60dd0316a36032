/**
 * Capture visible part at DPR 2 and at page zoom: one viewport in the tab's device pixels; one
 * element taller than the viewport at DPR 2: its device pixels exactly (issue #33 §1).
 */
import { test, expect, canvasSize } from './fixtures';
import { expectColumn, expectVisibleBands, openPicker, presented, settledEditor } from './capture-modes-checks';
import { bandColor, PICK } from './pages';

test.use({ dpr: 2 });

test('visible part at DPR 2: one viewport in device pixels at the tab DPR, and at 150 % page zoom', async ({ ext }) => {
  await ext.setStorage({ testHooks: { actionMode: 'visible' } });
  try {
    const page = await ext.open('/bands.html');
    await page.evaluate(() => scrollTo(0, 1234));
    await presented(page);
    let editor = await ext.capture(page);
    await expectVisibleBands(editor, page, 2);
    expect(await (await ext.worker()).evaluate(() => globalThis.fpsLastRun)).toMatchObject({ mode: 'visible', frames: 1 });
    await editor.close();
    await ext.setZoom(page, 1.5);
    await presented(page);
    editor = await ext.capture(page);
    await expectVisibleBands(editor, page, 3);
    await editor.close();
    await page.close();
  } finally {
    await ext.removeStorage(['testHooks']);
  }
});

test('one element taller than the viewport at DPR 2: its box in device pixels, every band on its rows', async ({ ext, browserContext }) => {
  try {
    const page = await ext.open('/pick.html');
    await openPicker(ext, page, 'element');
    await page.mouse.move(PICK.left + 20, PICK.top + 20, { steps: 3 }); // band 0
    await page.keyboard.press('ArrowUp'); // the section
    const next = browserContext.waitForEvent('page', { timeout: 60_000 });
    await page.keyboard.press('Enter');
    const editor = await settledEditor(next);
    expect(await canvasSize(editor)).toEqual({ width: PICK.width * 2, height: PICK.bands * PICK.bandHeight * 2 });
    await expectColumn(editor, 40, (y) => bandColor(Math.floor(y / (PICK.bandHeight * 2))));
    await editor.close();
    await page.close();
  } finally {
    await ext.removeStorage(['testHooks']);
  }
});
