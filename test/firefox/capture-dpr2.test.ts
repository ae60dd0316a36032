/**
 * Whole-page capture in Firefox at DPR 2 (`layout.css.devPixelsPerPx`), in firefox-esr: the rails
 * page pixel-exact in one tabs.captureTab and scrolled and stitched, and a page split into
 * images. As capture-dpr1.test.ts, which says more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleOf } from '../e2e/extension/checks';
import { canvasPage, FirefoxAddon, firefoxPresent } from './capture-harness';
import { captureRailsExactly } from './rails-checks';
import { expectSplitBands, splitLimits } from './split-check';

describe.skipIf(!firefoxPresent)('whole-page capture in Firefox at DPR 2', () => {
  let ff: FirefoxAddon;

  beforeAll(async () => {
    ff = await FirefoxAddon.launch({ uuid: '9b7e5d3c-1a2f-4e6b-8c0d-2f4a6b8c0e12', dpr: 2 });
    await ff.grantAllSitesInOptions();
  });
  afterAll(() => ff?.close());

  it('the rails page in one tabs.captureTab at twice the pixels, pixel-exact', async () => {
    await captureRailsExactly(ff, 2);
  });

  it('the rails page scrolled and stitched with captureVisibleTab at twice the pixels, pixel-exact', async () => {
    await captureRailsExactly(ff, 2, { stitch: true });
  });

  it('a page past the canvas limits comes out in split images that add up to it, one captureTab each', async () => {
    await ff.setStorage({ testHooks: { canvasLimits: splitLimits(2) } });
    try {
      const page = await ff.open('/bands.html');
      const { width } = await scaleOf(canvasPage(page));
      const editor = await ff.capture(page);
      expect(await ff.lastRun()).toMatchObject({ mode: 'document', parts: 11, frames: 11 });
      await expectSplitBands(editor, 2, width, 11);
      await editor.close();
      await page.close();
    } finally {
      await ff.removeStorage(['testHooks']);
    }
  });
});
