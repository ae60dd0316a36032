import { test } from './fixtures';
import { expectRails, scaleOf } from './checks';

test.use({ dpr: 1.5, windowSize: { width: 1023, height: 803 } });

test.describe('capture at DPR 1.5, 1023 px wide', () => {
  test('rails page: every marker pixel-exact over 10+ frames', async ({ ext }) => {
    const page = await ext.open('/rails.html');
    const s = await scaleOf(page);
    const editor = await ext.capture(page);
    await expectRails(editor, s.dpr, s.width);
    await editor.close();
    await page.close();
  });
});
