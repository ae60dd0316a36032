import type { LiveDraw, PageGeometry, PixelCopy, ScrollPosition } from '#shared/extension/messages';
import { toDevice, type DeviceScale } from './device-scale';
import type { FramePlan } from './frame-plan';
import { CHROME_CANVAS_LIMITS, planSplit, type CanvasLimits, type PixelRect } from './split-planner';

/** Copy `tile`'s pixels (sx, sy, sw, sh) to (dx, dy) of one part's canvas. All in device pixels. */
interface Draw extends PixelCopy {
  tile: number;
}

export interface PartPlan extends PixelRect {
  draws: Draw[];
}

export interface StitchPlan {
  /** Whole image size in device pixels, before splitting. */
  width: number;
  height: number;
  /** Device pixels per CSS px (devicePixelRatio, including page zoom). */
  dpr: number;
  parts: PartPlan[];
}

/** One copy from a frame to the whole image, in device pixels. */
export interface Copy {
  tile: number;
  sx: number;
  sy: number;
  w: number;
  h: number;
  ox: number;
  oy: number;
}

export type StitchGeometry = Pick<PageGeometry, 'innerWidth' | 'innerHeight' | 'viewportWidth' | 'viewportHeight' | 'scroller' | 'contentWidth' | 'contentHeight'>;

/** Cell edges in device rows: interior edges rounded once (neighbours share them), the last one `end`. */
function deviceEdges(css: number[], dpr: number, end: number): number[] {
  const out = css.map((e) => toDevice(e, dpr));
  out[out.length - 1] = end;
  for (let i = 1; i < out.length; i++) out[i] = Math.min(Math.max(out[i], out[i - 1]), end);
  return out;
}

/** The viewport (without scrollbars) and the scroller's box in it, in the bitmap's device pixels. */
export function deviceViewport(g: StitchGeometry, deviceScale: DeviceScale): { viewW: number; viewH: number; scroller: PixelRect } {
  const { dpr } = deviceScale;
  // captureVisibleTab includes the scrollbars; the viewport's right and bottom edges are the
  // bitmap's, never a rounded CSS size times dpr.
  const viewW = Math.max(1, deviceScale.frameWidth - Math.max(0, toDevice(g.innerWidth - g.viewportWidth, dpr)));
  const viewH = Math.max(1, deviceScale.frameHeight - Math.max(0, toDevice(g.innerHeight - g.viewportHeight, dpr)));
  const R = g.scroller;
  // The document's box is the rounded viewport: it reaches the bitmap's edges. An inner scroller's
  // box is its fractional rect, so it reaches an edge only within half a device pixel of it (a pane
  // ending a fraction of a CSS px above the bottom leaves that row to what lies below it).
  const whole = R.x === 0 && R.y === 0 && R.width === g.viewportWidth && R.height === g.viewportHeight;
  const edge = (css: number, cssView: number, view: number) =>
    (whole ? css >= cssView : css * dpr >= view - 0.5) ? view : Math.min(view, toDevice(css, dpr));
  const edgeX = (css: number) => edge(css, g.viewportWidth, viewW);
  const edgeY = (css: number) => edge(css, g.viewportHeight, viewH);
  const x = edgeX(R.x);
  const y = edgeY(R.y);
  return { viewW, viewH, scroller: { x, y, width: Math.max(1, edgeX(R.x + R.width) - x), height: Math.max(1, edgeY(R.y + R.height) - y) } };
}

/**
 * Where every captured frame's pixels go in the final image(s), all in device pixels.
 *
 * The image is the viewport with the scroller's box stretched to its content size. Frame 0 (at
 * scroll 0,0) also supplies the eight regions around the scroller (a header or sidebar outside an
 * inner scroller), shifted right/down by how much the scroller grew. Each other frame supplies
 * only its own cell of the content. A frame's place is the device row/column its scroll position
 * landed on, round(scroll × dpr), read from the position the page reports after scrolling, so
 * seams are exact at fractional scales and page zoom; overlapping last rows/columns are not drawn
 * twice. The viewport's device size is the bitmap's own, never a rounded CSS size times dpr.
 */
export function planStitch(
  g: StitchGeometry,
  plan: FramePlan,
  actual: ScrollPosition[],
  deviceScale: DeviceScale,
  limits: CanvasLimits = CHROME_CANVAS_LIMITS,
): StitchPlan {
  const { dpr } = deviceScale;
  const R = g.scroller;
  const { viewW, viewH, scroller } = deviceViewport(g, deviceScale);
  const { x: rx0, y: ry0, width: rW, height: rH } = scroller;

  const positions = plan.frames.map((f) => {
    const pos = actual[f.index] ?? { x: f.x, y: f.y };
    return { x: toDevice(pos.x, dpr), y: toDevice(pos.y, dpr) };
  });
  // Content size in device px. A frame scrolled to the very end shows where the content really
  // ends; prefer that to the rounded CSS size when they are this close.
  // The plan's last edge may lie 1 px past the reported end (frame-plan.ts `edges`): size by the report.
  const contentCssW = Math.min(plan.colEdges[plan.colEdges.length - 1], Math.max(g.contentWidth, R.width));
  const contentCssH = Math.min(plan.rowEdges[plan.rowEdges.length - 1], Math.max(g.contentHeight, R.height));
  let contentW = rW + toDevice(contentCssW - R.width, dpr);
  let contentH = rH + toDevice(contentCssH - R.height, dpr);
  const lastCol = plan.colEdges.length - 2;
  const lastRow = plan.rowEdges.length - 2;
  for (const f of plan.frames) {
    if (!actual[f.index]) continue; // not taken yet (a live preview): only real positions count
    const p = positions[f.index];
    if (f.col === lastCol && Math.abs(p.x + rW - contentW) <= 2) contentW = p.x + rW;
    if (f.row === lastRow && !plan.truncated && Math.abs(p.y + rH - contentH) <= 2) contentH = p.y + rH;
  }
  const colEdges = deviceEdges(plan.colEdges, dpr, contentW);
  const rowEdges = deviceEdges(plan.rowEdges, dpr, contentH);
  const dW = contentW - rW;
  const dH = contentH - rH;

  const copies: Copy[] = [];
  // The 3×3 regions of frame 0 around the scroller box (the centre is the scroller itself).
  const xs = [0, rx0, rx0 + rW, viewW];
  const ys = [0, ry0, ry0 + rH, viewH];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (r === 1 && c === 1) continue;
      const w = xs[c + 1] - xs[c];
      const h = ys[r + 1] - ys[r];
      if (w <= 0 || h <= 0) continue;
      copies.push({ tile: 0, sx: xs[c], sy: ys[r], w, h, ox: xs[c] + (c === 2 ? dW : 0), oy: ys[r] + (r === 2 ? dH : 0) });
    }
  }
  for (const f of plan.frames) {
    const pos = positions[f.index];
    // This frame's cell, clipped to what the frame really shows (if the page moved under us).
    const x0 = Math.max(colEdges[f.col], pos.x);
    const x1 = Math.min(colEdges[f.col + 1], pos.x + rW);
    const y0 = Math.max(rowEdges[f.row], pos.y);
    const y1 = Math.min(rowEdges[f.row + 1], pos.y + rH);
    if (x1 <= x0 || y1 <= y0) continue;
    copies.push({ tile: f.index, sx: rx0 + x0 - pos.x, sy: ry0 + y0 - pos.y, w: x1 - x0, h: y1 - y0, ox: rx0 + x0, oy: ry0 + y0 });
  }

  const width = viewW + dW;
  const height = viewH + dH;
  return { width, height, dpr, parts: splitCopies(width, height, copies, limits) };
}

/**
 * Lays copies out on the split images of a `width` × `height` image (planSplit): each copy is cut
 * at the parts' edges. Copies place pixels at (ox, oy) of the whole image, in device pixels.
 */
export function splitCopies(width: number, height: number, copies: readonly Copy[], limits: CanvasLimits): PartPlan[] {
  const parts: PartPlan[] = planSplit(width, height, limits).map((p) => ({ ...p, draws: [] }));
  for (const c of copies) {
    for (const part of parts) {
      const ix0 = Math.max(c.ox, part.x);
      const iy0 = Math.max(c.oy, part.y);
      const ix1 = Math.min(c.ox + c.w, part.x + part.width);
      const iy1 = Math.min(c.oy + c.h, part.y + part.height);
      if (ix1 <= ix0 || iy1 <= iy0) continue;
      part.draws.push({
        tile: c.tile,
        sx: c.sx + (ix0 - c.ox),
        sy: c.sy + (iy0 - c.oy),
        sw: ix1 - ix0,
        sh: iy1 - iy0,
        dx: ix0 - part.x,
        dy: iy0 - part.y,
      });
    }
  }
  return parts;
}

/** What frame `tile` gives to the image as `stitch` plans it now: the parts' sizes and that tile's draws, for the live editor. */
export function liveFrameOf(stitch: Pick<StitchPlan, 'parts'>, tile: number): { parts: Array<{ width: number; height: number }>; draws: LiveDraw[] } {
  const draws: LiveDraw[] = [];
  stitch.parts.forEach((part, pi) => {
    for (const d of part.draws) if (d.tile === tile) draws.push({ part: pi, sx: d.sx, sy: d.sy, sw: d.sw, sh: d.sh, dx: d.dx, dy: d.dy });
  });
  return { parts: stitch.parts.map((p) => ({ width: p.width, height: p.height })), draws };
}
