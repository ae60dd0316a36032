/**
 * The rails page captured both ways in Firefox, checked pixel by pixel (the Chrome suites' checks):
 * shared by the DPR 1 and DPR 2 files.
 */
import { expect } from 'vitest';
import { railsExact, scaleOf } from '../e2e/extension/checks';
import { canvasPage, type FirefoxAddon } from './capture-harness';

/** Captures the rails page and checks every rail; `stitch` asks the test build to scroll instead of one captureTab. */
export async function captureRailsExactly(ff: FirefoxAddon, dpr: number, { stitch = false } = {}): Promise<void> {
  if (stitch) await ff.setStorage({ testHooks: { stitch: true } });
  try {
    const page = await ff.open('/rails.html');
    const s = await scaleOf(canvasPage(page));
    expect(s.dpr).toBe(dpr);
    const editor = await ff.capture(page);
    if (stitch) expect((await ff.lastRun()).mode).toBe('stitch');
    else expect(await ff.lastRun()).toMatchObject({ mode: 'document', frames: 1, parts: 1 });
    await railsExact(canvasPage(editor), s);
    // Granted: the editor does not ask for access to all websites.
    if (!stitch) expect(await editor.$eval('#all-sites-ask', (b) => (b as HTMLElement).hidden)).toBe(true);
    await editor.close();
    await page.close();
  } finally {
    if (stitch) await ff.removeStorage(['testHooks']);
  }
}
