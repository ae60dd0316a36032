import type { PageGeometry, PixelCopy, ScrollPosition } from '#shared/extension/messages';
import type { FramePlan } from './frame-plan';
import { CHROME_CANVAS_LIMITS, planSplit, type CanvasLimits, type PixelRect } from './split-planner';

/** Copy `tile`'s pixels (sx, sy, sw, sh) to (dx, dy) of one part's canvas. All in device pixels. */
export interface Draw extends PixelCopy {
  tile: number;
}

export interface PartPlan extends PixelRect {
  draws: Draw[];
}

export interface StitchPlan {
  /** Whole image size in device pixels, before splitting. */
  width: number;
  height: number;
  scale: number;
  parts: PartPlan[];
}

interface CssCopy {
  tile: number;
  /** Source rect in the frame's viewport, CSS px. */
  vx: number;
  vy: number;
  w: number;
  h: number;
  /** Destination in the whole image, CSS px. */
  ox: number;
  oy: number;
}

/**
 * Where every captured frame's pixels go in the final image(s).
 *
 * The image is the viewport with the scroller's box stretched to its content size. Frame 0 (at
 * scroll 0,0) also supplies the eight regions around the scroller (a header or sidebar outside an
 * inner scroller), shifted right/down by how much the scroller grew. Each other frame supplies
 * only its own cell of the content, read at the scroll position the page actually reached, so
 * overlapping last rows/columns are not drawn twice.
 *
 * scale = bitmap width / CSS innerWidth, which covers both devicePixelRatio and page zoom.
 */
export function planStitch(
  g: Pick<PageGeometry, 'viewportWidth' | 'viewportHeight' | 'scroller' | 'contentWidth' | 'contentHeight'>,
  plan: FramePlan,
  actual: ScrollPosition[],
  scale: number,
  limits: CanvasLimits = CHROME_CANVAS_LIMITS,
): StitchPlan {
  const R = g.scroller;
  const contentW = plan.colEdges[plan.colEdges.length - 1];
  const contentH = plan.rowEdges[plan.rowEdges.length - 1];
  const dW = contentW - R.width;
  const dH = contentH - R.height;
  const cssW = g.viewportWidth + dW;
  const cssH = g.viewportHeight + dH;

  const copies: CssCopy[] = [];
  // The 3×3 regions of frame 0 around the scroller box (the centre is the scroller itself).
  const xs = [0, R.x, R.x + R.width, g.viewportWidth];
  const ys = [0, R.y, R.y + R.height, g.viewportHeight];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (r === 1 && c === 1) continue;
      const w = xs[c + 1] - xs[c];
      const h = ys[r + 1] - ys[r];
      if (w <= 0 || h <= 0) continue;
      copies.push({ tile: 0, vx: xs[c], vy: ys[r], w, h, ox: xs[c] + (c === 2 ? dW : 0), oy: ys[r] + (r === 2 ? dH : 0) });
    }
  }
  for (const f of plan.frames) {
    const pos = actual[f.index] ?? { x: f.x, y: f.y };
    // This frame's cell, clipped to what the frame really shows (if the page moved under us).
    const x0 = Math.max(plan.colEdges[f.col], pos.x);
    const x1 = Math.min(plan.colEdges[f.col + 1], pos.x + R.width);
    const y0 = Math.max(plan.rowEdges[f.row], pos.y);
    const y1 = Math.min(plan.rowEdges[f.row + 1], pos.y + R.height);
    if (x1 <= x0 || y1 <= y0) continue;
    copies.push({ tile: f.index, vx: R.x + x0 - pos.x, vy: R.y + y0 - pos.y, w: x1 - x0, h: y1 - y0, ox: R.x + x0, oy: R.y + y0 });
  }

  const px = (css: number) => Math.round(css * scale);
  const width = px(cssW);
  const height = px(cssH);
  const parts: PartPlan[] = planSplit(width, height, limits).map((p) => ({ ...p, draws: [] }));
  for (const c of copies) {
    // Destination edges are rounded once, so neighbouring cells meet without gaps or overlap.
    const dx0 = px(c.ox);
    const dy0 = px(c.oy);
    const dx1 = px(c.ox + c.w);
    const dy1 = px(c.oy + c.h);
    const sx0 = px(c.vx);
    const sy0 = px(c.vy);
    for (const part of parts) {
      const ix0 = Math.max(dx0, part.x);
      const iy0 = Math.max(dy0, part.y);
      const ix1 = Math.min(dx1, part.x + part.width);
      const iy1 = Math.min(dy1, part.y + part.height);
      if (ix1 <= ix0 || iy1 <= iy0) continue;
      part.draws.push({
        tile: c.tile,
        sx: sx0 + (ix0 - dx0),
        sy: sy0 + (iy0 - dy0),
        sw: ix1 - ix0,
        sh: iy1 - iy0,
        dx: ix0 - part.x,
        dy: iy0 - part.y,
      });
    }
  }
  return { width, height, scale, parts };
}
