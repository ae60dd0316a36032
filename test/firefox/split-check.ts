/** The bands page cut into split images (lowered canvas limits), checked part by part in the editor. */
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { canvasSize, near, pixel } from '../e2e/extension/fixtures';
import { BANDS, BANDS_PAGE_HEIGHT, bandColor } from '../e2e/extension/pages';
import { canvasPage, until } from './capture-harness';

/**
 * A test build's lowered limits (testHooks.canvasLimits), a stand-in for a page taller than the
 * canvas: 11 images of the bands page at either DPR.
 */
export const splitLimits = (dpr: number) => ({ maxSide: 4000 * dpr, maxArea: 1280 * 800 * dpr * dpr });

/**
 * Every part is as wide as the page and within the limits, the parts add up to its height, and
 * the middle of each part has the colour of the band there.
 */
export async function expectSplitBands(editor: Page, dpr: number, viewportWidth: number, parts: number): Promise<void> {
  expect(await editor.$eval('#split-note', (n) => n.textContent)).toContain(`split into ${parts} images`);
  let top = 0;
  for (let p = 0; p < parts; p++) {
    if (p > 0) {
      await editor.click('#part-next');
      await until(editor, (label) => document.getElementById('part-label')!.textContent === label && document.body.dataset.state === 'ready', `Image ${p + 1} of ${parts}`);
    }
    const size = await canvasSize(canvasPage(editor));
    expect(size.width).toBe(Math.round(viewportWidth * dpr));
    expect(size.width * size.height).toBeLessThanOrEqual(splitLimits(dpr).maxArea);
    const mid = top + Math.floor(size.height / 2);
    const css = mid / dpr;
    const inBand = (css - BANDS.top) % BANDS.height;
    if (css > BANDS.top + 2 && inBand > 2 && inBand < BANDS.height - 2) {
      const band = Math.floor((css - BANDS.top) / BANDS.height);
      expect(near(await pixel(canvasPage(editor), Math.round(20 * dpr), mid - top), bandColor(band)), `part ${p + 1}, band ${band}`).toBe(true);
    }
    top += size.height;
  }
  expect(top).toBe(Math.round(BANDS_PAGE_HEIGHT * dpr));
}
