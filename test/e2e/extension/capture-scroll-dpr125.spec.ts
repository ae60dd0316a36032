import { test } from './fixtures';
import { expectFeedCaptured, expectInboxCaptured, expectLateSectionsLaidOut, expectShellCaptured } from './scroll-checks';

// Issue #30 at 125 % with an odd window (as capture-motion-dpr125.spec.ts, whose worker it shares).
test.use({ dpr: 1.25, windowSize: { width: 1279, height: 797 } });

test.describe('content the page draws as the capture scrolls', () => {
  test('TanStack Virtual feed, AOS reveals, timer lazy images, Splide on autoplay, entrances in progress', async ({ ext }) => {
    await expectFeedCaptured(ext, 1.25);
  });
  test('react-window in the only scroller', async ({ ext }) => {
    await expectInboxCaptured(ext, 1.25);
  });
  test('web component: fixed header and inner pane in a shadow root', async ({ ext }) => {
    await expectShellCaptured(ext, 1.25);
  });
  test('content-visibility sections laid out as after a scroll-through', async ({ ext }) => {
    await expectLateSectionsLaidOut(ext, 1.25);
  });
});
