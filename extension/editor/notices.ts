import type { CaptureNotice } from '../lib/capture-store';

/** What the editor says about a capture that came out differently from what was asked. */
export const NOTICES: Record<CaptureNotice, string> = {
  'iframe-permission': 'This page scrolls inside a frame from another site, so only what was on screen was captured. Turn on iFrame access on the options page to capture all of it.',
  'fast-pane': 'Fast mode can’t capture a page that scrolls inside a pane, so this page was captured by scrolling through it.',
  'fast-virtual': 'This page draws its content only as it is scrolled, which fast mode can’t capture in one shot, so it was captured by scrolling through it.',
};

/** Firefox: why the editor asks for access to all websites (all-sites-ask.ts), and the answer to Allow. */
export const ALL_SITES_REASON =
  'Firefox can capture a whole page in one go, without scrolling through it: faster, and nothing on the page moves while it is captured. ' +
  'For that, Full Page Shot needs access to all websites (Firefox asks you to confirm). It still reads a page only when you capture it, ' +
  'and you can take the access back on the options page.';
export const ALL_SITES_GRANTED = 'Done: the next whole-page capture is taken in one go.';
