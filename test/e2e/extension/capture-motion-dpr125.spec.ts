import { test } from './fixtures';
import { expectMotionCaptured, expectPseudoOnce } from './motion-checks';

// Issue #21 at 125 % with an odd window, so seams fall on fractional device rows.
test.use({ dpr: 1.25, windowSize: { width: 1279, height: 797 } });

test('DPR 1.25: moving elements whole, moving again after; fixed pseudo-elements once', async ({ ext }) => {
  await expectMotionCaptured(ext, 1.25);
  await expectPseudoOnce(ext, 1.25);
});
