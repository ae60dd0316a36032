import { test } from './fixtures';
import { captureChanging, captureInnerRails } from './layout-checks';

// Issue #21 at DPR 2 (one worker per DPR): a layout that changes under the capture (section 2),
// and an inner scroll pane at page zoom, 2 × 0.9 (section 4).
test.use({ dpr: 2, windowSize: { width: 1280, height: 797 } });

test.describe('layout changes and inner scroller zoom, DPR 2', () => {
  test('header that collapses on scroll, content-visibility sections, growth and shrinkage: every section once, in order, at its final height', async ({ ext }) => {
    await captureChanging(ext);
  });

  test('inner scroll pane at page zoom 90 %: every rail on its device row', async ({ ext }) => {
    await captureInnerRails(ext, 0.9);
  });

  // 615.56 CSS px, whose clientHeight reads 616: one device row more than the pane shows. Before
  // the box was read in fractional px, the footer's first row showed through at every seam.
  test('inner scroll pane at page zoom 90 %, 1,108 device rows tall (clientHeight a row more): every rail on its device row', async ({ ext }) => {
    await captureInnerRails(ext, 0.9, 1108);
  });
});
