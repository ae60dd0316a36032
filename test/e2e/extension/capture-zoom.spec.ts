import { test } from './fixtures';
import { captureAndCheck, fixedBackgroundOnce, railsExact } from './checks';

// Page zoom (Ctrl +/-) changes devicePixelRatio like a display scale does, per tab.
test.use({ dpr: 1, windowSize: { width: 1279, height: 801 } });

test.describe('capture at page zoom', () => {
  for (const zoom of [1.1, 1.25, 0.9]) {
    test(`rails page at ${Math.round(zoom * 100)} %: every marker pixel-exact`, async ({ ext }) => {
      const page = await ext.open('/rails.html');
      await ext.setZoom(page, zoom);
      await captureAndCheck(ext, page, railsExact);
    });
  }

  test('fixed background at 110 %: its image shows once', async ({ ext }) => {
    const page = await ext.open('/fixed-background.html');
    await page.waitForFunction(() => document.readyState === 'complete');
    await ext.setZoom(page, 1.1);
    await captureAndCheck(ext, page, fixedBackgroundOnce);
  });
});
