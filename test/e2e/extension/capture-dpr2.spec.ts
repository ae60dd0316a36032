import { test } from './fixtures';
import { expectApp, expectBands, viewportOf } from './checks';

// --force-device-scale-factor=2: the captured bitmaps are twice the CSS size.
test.use({ dpr: 2 });

test.describe('capture at DPR 2', () => {
  test('bands page and inner scroller at twice the pixels', async ({ ext }) => {
    const page = await ext.open('/bands.html');
    const vp = await viewportOf(page);
    const editor = await ext.capture(page);
    await expectBands(editor, 2, vp.width);
    await editor.close();
    await page.close();

    const app = await ext.open('/app.html');
    const appVp = await viewportOf(app);
    const appEditor = await ext.capture(app);
    await expectApp(appEditor, 2, appVp.width, appVp.height);
    await appEditor.close();
    await app.close();
  });
});
