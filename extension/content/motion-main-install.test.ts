// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { installMotionHooks } from '../capture/motion-main';
import { sleep, startFrameLoop, tell } from './motion-main.test-kit';

// Its own file: the hooks install once per window, and this loop must start before them.
it('an animation loop the page started before the hooks is held by a freeze that follows the install at once', async () => {
  const frames = startFrameLoop(); // native: requested before the hooks exist
  await sleep(40);
  await installMotionHooks();
  tell('freeze'); // as the capture's prepare does, right after the injection
  const frozenAt = frames();
  await sleep(80);
  // Before: the native frame ran after the freeze and asked for the next one through the hook
  // while lenient, so the loop kept running (and its element moving) until the strict phase.
  expect(frames()).toBe(frozenAt);
  tell('thaw');
  await sleep(40);
  expect(frames()).toBeGreaterThan(frozenAt);
});
