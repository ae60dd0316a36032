/** Capture visible part at DPR 2 and at page zoom: one viewport in the tab's device pixels (issue #33 §1). */
import { test, expect } from './fixtures';
import { expectVisibleBands, presented } from './capture-modes-checks';

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
