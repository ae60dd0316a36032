/**
 * Whole-page capture in Firefox (issue #33 §2/§3), at DPR 1, in firefox-esr. With access to all
 * websites the document is one `tabs.captureTab`; an inner pane, and a capture without it (here a
 * test build's `testHooks.stitch`: BiDi cannot grant activeTab, which a real click does), scroll
 * and stitch with captureVisibleTab. Each capture is checked pixel by pixel as the Chrome specs
 * check theirs (test/e2e/extension/checks.ts). One browser for the file; capture-harness.ts says
 * how a capture is started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApp, expectBands, scaleOf } from '../e2e/extension/checks';
import { ALL_SITES_GRANTED, ALL_SITES_REASON } from '../../extension/editor/notices';
import { canvasPage, FirefoxAddon, firefoxPresent, until } from './capture-harness';
import { captureRailsExactly } from './rails-checks';
import { expectSplitBands, splitLimits } from './split-check';

describe.skipIf(!firefoxPresent)('whole-page capture in Firefox at DPR 1', () => {
  let ff: FirefoxAddon;
  /** The inner pane's capture: stitched, reopened in the editor by the last test. */
  let paneCapture: string | undefined;

  beforeAll(async () => {
    ff = await FirefoxAddon.launch({ uuid: '3d9c1f0a-8e2b-4f6d-a7c5-1b2e3f4a5d61' });
    await ff.grantAllSitesInOptions();
  });
  afterAll(() => ff?.close());

  it('the rails page in one tabs.captureTab, pixel-exact', async () => {
    await captureRailsExactly(ff, 1);
  });

  it('the rails page scrolled and stitched with captureVisibleTab (no captureTab), pixel-exact', async () => {
    await captureRailsExactly(ff, 1, { stitch: true });
  });

  it('a fixed header and a sticky nav come out once, a fixed button shown only after scrolling not at all; the page is restored', async () => {
    const page = await ff.open('/bands.html');
    await page.evaluate(() => scrollTo(0, 1234));
    const { width } = await scaleOf(canvasPage(page));
    const editor = await ff.capture(page);
    expect((await ff.lastRun()).mode).toBe('document');
    await expectBands(canvasPage(editor), 1, width);
    expect(await page.evaluate(() => [scrollY, document.querySelectorAll('fps-capture-overlay').length])).toEqual([1234, 0]);
    await editor.close();
    await page.close();
  });

  it('an inner scroll pane is scrolled and stitched', async () => {
    const page = await ff.open('/app.html');
    const { width, height } = await scaleOf(canvasPage(page));
    const editor = await ff.capture(page);
    const run = await ff.lastRun();
    expect(run.mode).toBe('stitch');
    paneCapture = run.captureId;
    await expectApp(canvasPage(editor), 1, width, height);
    await editor.close();
    await page.close();
  });

  it('a page past the canvas limits comes out in split images that add up to it, one captureTab each', async () => {
    await ff.setStorage({ testHooks: { canvasLimits: splitLimits(1) } });
    try {
      const page = await ff.open('/bands.html');
      const { width } = await scaleOf(canvasPage(page));
      const editor = await ff.capture(page);
      expect(await ff.lastRun()).toMatchObject({ mode: 'document', parts: 11, frames: 11 });
      await expectSplitBands(editor, 1, width, 11);
      await editor.close();
      await page.close();
    } finally {
      await ff.removeStorage(['testHooks']);
    }
  });

  it('without access to all websites, a stitched capture asks for it once, with the reason; Allow grants it', async () => {
    await ff.revokeAllSitesInOptions();
    const editor = await ff.openEditor(paneCapture!);
    const ask = () => editor.$eval('#all-sites-ask', (b) => ({ hidden: (b as HTMLElement).hidden, text: b.querySelector('p')!.textContent }));
    await until(editor, () => !document.getElementById('all-sites-ask')!.hidden, null);
    expect(await ask()).toEqual({ hidden: false, text: ALL_SITES_REASON });
    await editor.click('#all-sites-allow');
    await until(editor, (t) => document.getElementById('all-sites-reason')!.textContent === t, ALL_SITES_GRANTED);
    expect(await ff.hasAllSites()).toBe(true);
    await editor.close();
    // Asked once: not again, even with the access taken back.
    await ff.revokeAllSitesInOptions();
    const again = await ff.openEditor(paneCapture!);
    await new Promise((r) => setTimeout(r, 500));
    expect(await again.$eval('#all-sites-ask', (b) => (b as HTMLElement).hidden)).toBe(true);
    await again.close();
  });
});
