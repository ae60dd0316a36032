import { test } from './fixtures';
import { captureAndCheck, railsExact } from './checks';

test.use({ dpr: 1.5, windowSize: { width: 1023, height: 803 } });

test.describe('capture at DPR 1.5, 1023 px wide', () => {
  test('rails page: every marker pixel-exact over 10+ frames', async ({ ext }) => {
    await captureAndCheck(ext, await ext.open('/rails.html'), railsExact);
  });
});
