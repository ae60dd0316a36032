import { test } from './fixtures';
import { expectMotionCaptured, expectPseudoOnce } from './motion-checks';

// Issue #21: moving elements, and fixed pseudo-elements. DPR 1.25 is capture-motion-dpr125.spec.ts.
// The fixtures' defaults (DPR 1, WINDOW), without test.use, so this can share capture.spec.ts' worker.
test('DPR 1: moving elements whole, moving again after; fixed pseudo-elements once', async ({ ext }) => {
  await expectMotionCaptured(ext, 1);
  await expectPseudoOnce(ext, 1);
});
