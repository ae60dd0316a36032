import { expect, test } from './fixtures';
import { captureAndCheck, fixedBackgroundOnce, railsExact } from './checks';

// Windows laptops default to 125 %; real windows have any size. An odd width and a height whose
// frames end on fractional device rows (797 × 1.25 = 996.25) make every seam a rounding case.
test.use({ dpr: 1.25, windowSize: { width: 1279, height: 797 } });

test.describe('capture at DPR 1.25, 1279 px wide', () => {
  test('rails page: every marker pixel-exact over 10+ frames', async ({ ext }) => {
    await captureAndCheck(ext, await ext.open('/rails.html'), railsExact);
  });

  test('a fixed background taller than the viewport shows its image once', async ({ ext }) => {
    const page = await ext.open('/fixed-background.html');
    await page.waitForFunction(() => document.readyState === 'complete');
    await captureAndCheck(ext, page, fixedBackgroundOnce);
  });

  test('fast mode (debugger): the rails page pixel-exact too', async ({ ext }) => {
    await ext.setStorage({ settings: { fastMode: true, saveAs: false } });
    try {
      await captureAndCheck(ext, await ext.open('/rails.html'), async (editor, s) => {
        expect((await (await ext.worker()).evaluate(() => globalThis.fpsLastRun))?.mode).toBe('fast');
        await railsExact(editor, s);
      });
    } finally {
      await ext.setStorage({ settings: { fastMode: false, saveAs: false } });
    }
  });
});
