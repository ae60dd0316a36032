import type { CaptureNotice } from '../lib/capture-store';

/** What the editor says about a capture that came out differently from what was asked. */
export const NOTICES: Record<CaptureNotice, string> = {
  'iframe-permission': 'This page scrolls inside a frame from another site, so only what was on screen was captured. Turn on iFrame access on the options page to capture all of it.',
  'fast-pane': 'Fast mode can’t capture a page that scrolls inside a pane, so this page was captured by scrolling through it.',
  'fast-virtual': 'This page draws its content only as it is scrolled, which fast mode can’t capture in one shot, so it was captured by scrolling through it.',
};
