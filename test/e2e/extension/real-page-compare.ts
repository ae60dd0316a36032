/**
 * Compares the editor's image of a capture with a one-shot reference of the same page (Chromium's
 * own full-page screenshot, `captureBeyondViewport`), row by row inside one column of the page
 * (its content column), and names where they differ: the device row, its CSS offset, and the
 * element of the page under the first differing pixel.
 */
import type { Page } from '@playwright/test';

export interface Column {
  /** CSS px from the left of the page. */
  left: number;
  right: number;
}

export interface RowDiff {
  /** Heights in device rows: the editor's image and the reference. */
  height: number;
  refHeight: number;
  width: number;
  refWidth: number;
  /** Device columns compared, [x0, x1). */
  x0: number;
  x1: number;
  /** Rows where some pixel of the column differs by more than the tolerance, as [start, end) runs. */
  runs: Array<[number, number]>;
  differingRows: number;
  /**
   * One-row differences where the capture's row equals the reference's row just above or below
   * and the rows around match: a box edge at a fractional CSS offset that the one-shot screenshot
   * rounded the other way. Not a seam error, which shifts all that follows (text lines then differ
   * over several rows), so these are listed apart, not counted in `runs`.
   */
  edgeRows: number[];
  /** The first differing pixel, in device px of the image. */
  first: { x: number; y: number; got: number[]; want: number[] } | null;
  /** Largest channel difference seen anywhere in the column. */
  maxDelta: number;
}

/** Chromium's one-shot full-page screenshot at the page's own DPR, as PNG bytes. */
export async function oneShotReference(page: Page): Promise<Buffer> {
  return page.screenshot({ fullPage: true, type: 'png', animations: 'allow', caret: 'initial', scale: 'device' });
}

/**
 * Row-by-row comparison in the editor page, which holds the image in `#view`: the reference is
 * decoded there too, so neither image crosses the protocol as pixels. A pixel differs when a
 * channel is off by more than `tolerance` (anti-aliasing may differ by a level or two).
 */
export async function compareRows(editor: Page, reference: Buffer, column: Column, dpr: number, tolerance = 8): Promise<RowDiff> {
  return editor.evaluate(
    async ({ b64, column, dpr, tolerance }) => {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const ref = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const view = document.getElementById('view') as HTMLCanvasElement;
      const vctx = view.getContext('2d')!;
      const x0 = Math.max(0, Math.round(column.left * dpr));
      const x1 = Math.min(view.width, ref.width, Math.round(column.right * dpr));
      const w = x1 - x0;
      const rows = Math.min(view.height, ref.height);
      const strip = new OffscreenCanvas(w, 1);
      const sctx = strip.getContext('2d', { willReadFrequently: true })!;
      const runs: Array<[number, number]> = [];
      let differing = 0;
      let maxDelta = 0;
      const firsts: Array<{ x: number; y: number; got: number[]; want: number[] }> = [];
      const edgeRows: number[] = [];
      const one = new OffscreenCanvas(w, 1);
      const octx = one.getContext('2d', { willReadFrequently: true })!;
      const refRow = (y: number) => {
        octx.clearRect(0, 0, w, 1);
        octx.drawImage(ref, x0, y, w, 1, 0, 0, w, 1);
        return octx.getImageData(0, 0, w, 1).data;
      };
      const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
        for (let i = 0; i < a.length; i += 4) {
          if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2])) > tolerance) return false;
        }
        return true;
      };
      const CHUNK = 256;
      for (let y0 = 0; y0 < rows; y0 += CHUNK) {
        const h = Math.min(CHUNK, rows - y0);
        strip.width = w;
        strip.height = h;
        sctx.clearRect(0, 0, w, h);
        sctx.drawImage(ref, x0, y0, w, h, 0, 0, w, h);
        const want = sctx.getImageData(0, 0, w, h).data;
        const got = vctx.getImageData(x0, y0, w, h).data;
        for (let r = 0; r < h; r++) {
          let bad = -1;
          for (let i = r * w * 4, end = i + w * 4; i < end; i += 4) {
            const d = Math.max(Math.abs(got[i] - want[i]), Math.abs(got[i + 1] - want[i + 1]), Math.abs(got[i + 2] - want[i + 2]));
            if (d > maxDelta) maxDelta = d;
            if (d > tolerance && bad < 0) bad = i;
          }
          if (bad < 0) continue;
          const y = y0 + r;
          differing += 1;
          const last = runs[runs.length - 1];
          if (last && last[1] === y) {
            last[1] = y + 1;
          } else {
            runs.push([y, y + 1]);
            firsts.push({ x: x0 + (bad - r * w * 4) / 4, y, got: [...got.slice(bad, bad + 3)], want: [...want.slice(bad, bad + 3)] });
          }
        }
      }
      const refSize = { refWidth: ref.width, refHeight: ref.height };
      // One-row runs that are a box edge rounded the other way (see `edgeRows`).
      for (let k = runs.length - 1; k >= 0; k--) {
        const [a, b] = runs[k];
        if (b - a !== 1 || a === 0 || a + 1 >= rows) continue;
        const got = vctx.getImageData(x0, a, w, 1).data;
        if (!same(got, refRow(a - 1)) && !same(got, refRow(a + 1))) continue;
        edgeRows.unshift(a);
        runs.splice(k, 1);
        firsts.splice(k, 1);
        differing -= 1;
      }
      const first = firsts[0] ?? null;
      ref.close();
      return { height: view.height, width: view.width, ...refSize, x0, x1, runs, differingRows: differing, first, maxDelta, edgeRows };
    },
    { b64: reference.toString('base64'), column, dpr, tolerance },
  );
}

/**
 * The element of the page at document position (x, y) in CSS px, as `tag#id` or `tag.class`,
 * with the section it is in (`section#id`, Sphinx and most generators give sections ids).
 */
export async function elementAt(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    async ({ x, y }) => {
      const sx = scrollX;
      const sy = scrollY;
      scrollTo({ left: Math.max(0, x - innerWidth / 2), top: Math.max(0, y - innerHeight / 2), behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const el = document.elementFromPoint(x - scrollX, y - scrollY);
      scrollTo({ left: sx, top: sy, behavior: 'instant' });
      const name = (e: Element) => {
        const tag = e.tagName.toLowerCase();
        if (e.id) return `${tag}#${e.id}`;
        const cls = [...e.classList].slice(0, 2).join('.');
        return cls ? `${tag}.${cls}` : tag;
      };
      if (!el) return 'no element (outside the page)';
      const parts = [name(el)];
      const withId = el.id ? null : el.parentElement?.closest('[id]');
      if (withId) parts.push(`in ${name(withId)}`);
      // The heading this text comes under: the nearest heading before it in the document.
      const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')];
      const under = headings.filter((h) => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING || h === el || h.contains(el)).pop();
      if (under && under !== el) parts.push(`under ${name(under.id ? under : (under.closest('[id]') ?? under))} "${(under.textContent ?? '').replace(/[¶#]\s*$/, '').trim().slice(0, 60)}"`);
      return parts.join(' ');
    },
    { x, y },
  );
}

/** "device rows 8,041–8,059 (CSS y 6,432.8)" etc., for a report. */
export function describeRuns(d: RowDiff, dpr: number, max = 8): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  const shown = d.runs.slice(0, max).map(([a, b]) => `${fmt(a)}${b - a > 1 ? `–${fmt(b - 1)}` : ''} (CSS y ${fmt(Math.round((a / dpr) * 10) / 10)})`);
  return `${shown.join(', ')}${d.runs.length > max ? `, … ${d.runs.length - max} more runs` : ''}`;
}
