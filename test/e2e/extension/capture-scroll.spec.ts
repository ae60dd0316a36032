import { test } from './fixtures';
import { expectFeedCaptured, expectInboxCaptured, expectLateSectionsLaidOut, expectShellCaptured } from './scroll-checks';

// Issue #30 at DPR 1 (the fixtures' defaults, so it shares capture.spec.ts' worker). DPR 1.25 is capture-scroll-dpr125.spec.ts.
test.describe('content the page draws as the capture scrolls', () => {
  test('TanStack Virtual feed, AOS reveals, timer lazy images, Splide on autoplay, entrances in progress', async ({ ext }) => {
    await expectFeedCaptured(ext, 1);
  });
  test('react-window in the only scroller', async ({ ext }) => {
    await expectInboxCaptured(ext, 1);
  });
  test('web component: fixed header and inner pane in a shadow root', async ({ ext }) => {
    await expectShellCaptured(ext, 1);
  });
  test('content-visibility sections laid out as after a scroll-through', async ({ ext }) => {
    await expectLateSectionsLaidOut(ext, 1);
  });
});
