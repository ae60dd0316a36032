import { test } from './fixtures';
import { captureChanging, captureInnerRails } from './layout-checks';

// Issue #21 at DPR 1 (one worker per DPR): a layout that changes under the capture (section 2),
// and an inner scroll pane at page zoom, 1 × 1.1 (section 4).
test.use({ dpr: 1, windowSize: { width: 1279, height: 797 } });

test.describe('layout changes and inner scroller zoom, DPR 1', () => {
  test('header that collapses on scroll, content-visibility sections, growth and shrinkage: every section once, in order, at its final height', async ({ ext }) => {
    await captureChanging(ext);
  });

  test('inner scroll pane at page zoom 110 %: every rail on its device row', async ({ ext }) => {
    await captureInnerRails(ext, 1.1);
  });
});
