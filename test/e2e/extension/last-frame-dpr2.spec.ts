/**
 * Issue #35 §4: the last frame of a page, the one the browser clamps at the page's end, row-exact
 * at DPR 2 when the page's height is not whole CSS px, with text in the last viewport (a docs
 * page's footer). Compared with Chromium's one-shot full-page screenshot, as the real-page suite.
 */
import { expect, test } from './fixtures';
import { openWith } from './motion-checks';
import { compareRows, describeRuns, oneShotReference } from './real-page-compare';

const DPR = 2;
test.use({ dpr: DPR });

/** About four viewports of text whose height ends in `fraction` (lines and margins are whole px). */
function textPage(fraction: number): string {
  const para = (i: number) => `<p>Paragraph ${i}. ${'The quick brown fox jumps over the lazy dog, and then some more words follow here. '.repeat(3)}</p>`;
  return `<!doctype html><html><head><title>Footer at ${fraction}</title><style>
    html, body { margin: 0; background: #fff; } body { font: 15px/21px Georgia, serif; color: #222; padding: 0 200px; }
    .top { height: ${100 + fraction}px; background: #eef; } p { margin: 0 0 13px; }
    .footer { font-size: 13px; line-height: 18px; color: #888; padding: 20px 0; border-top: 1px solid #ccc; }
  </style></head><body><div class="top"></div>${Array.from({ length: 40 }, (_, i) => para(i)).join('')}
  <div class="footer">©2026 Footer text with a link and more words. Created using Sphinx.</div></body></html>`;
}

test('pages whose height ends in .25, .5 and .75 CSS px: every row of the last frame as the one-shot draws it', async ({ ext }) => {
  for (const fraction of [0.25, 0.5, 0.75]) {
    const page = await openWith(ext, textPage(fraction));
    const height = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
    expect(height % 1).toBe(fraction);
    const editor = await ext.capture(page);
    const diff = await compareRows(editor, await oneShotReference(page), { left: 0, right: 1280 }, DPR);
    const text = `height ${height} CSS px: image ${diff.height} rows, one-shot ${diff.refHeight}; ${diff.differingRows} differing rows: ${describeRuns(diff, DPR)}`;
    expect.soft(Math.abs(diff.height - diff.refHeight), text).toBeLessThanOrEqual(1);
    expect.soft(diff.differingRows, text).toBe(0);
    await editor.close();
    await page.close();
  }
});
