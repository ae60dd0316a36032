/**
 * "Capture selected area" and "Capture one element": the picked rectangle, in image CSS px (see
 * PickedSelection), taken either as one frame of the viewport when all of it is on screen (as the
 * user sees it), or by the whole page's scroll-and-stitch restricted to it: frames only over its
 * rows and columns, stitched by `planStitch`, then cropped to it. The image is then exactly the
 * part of a whole-page capture under the rectangle (fixed elements where frame 0 shows them).
 */
import type { PageGeometry, Rect, ScrollPosition } from '#shared/extension/messages';
import { toDevice, type DeviceScale } from './device-scale';
import type { FramePlan, PlannedFrame } from './frame-plan';
import type { CanvasLimits, PixelRect } from './split-planner';
import { deviceViewport, planStitch, splitCopies, type StitchGeometry, type StitchPlan } from './stitch-plan';

/** Frames at most, as for a whole page (frame-plan.ts). */
const MAX_FRAMES = 400;

/**
 * Whether all of `view` (viewport CSS px) is inside `box` (the viewport, or the inner pane that
 * clips it): one frame shows it. Half a CSS px of slack: boxes are fractional, the viewport whole px.
 */
export function insideBox(view: Rect, box: Rect): boolean {
  return view.x > box.x - 0.5 && view.y > box.y - 0.5 && view.x + view.width < box.x + box.width + 0.5 && view.y + view.height < box.y + box.height + 0.5;
}

/** `rect` (image CSS px) in the scroller's content coordinates, cut to its content. Null when nothing is left. */
function contentSpan(g: Pick<PageGeometry, 'scroller' | 'contentWidth' | 'contentHeight'>, rect: Rect): { x0: number; x1: number; y0: number; y1: number } | null {
  const w = Math.max(g.contentWidth, g.scroller.width);
  const h = Math.max(g.contentHeight, g.scroller.height);
  const x0 = Math.max(0, rect.x - g.scroller.x);
  const y0 = Math.max(0, rect.y - g.scroller.y);
  const x1 = Math.min(w, rect.x + rect.width - g.scroller.x);
  const y1 = Math.min(h, rect.y + rect.height - g.scroller.y);
  return x1 - x0 >= 0.5 && y1 - y0 >= 0.5 ? { x0, x1, y0, y1 } : null;
}

/**
 * Cell edges over [from, to) `step` apart. A span that starts within the first screen keeps the
 * whole page's grid (from 0), so its first frame is the page's frame 0, with fixed elements in
 * place; one further down starts its grid at its own edge, the fewest frames.
 */
function spanEdges(from: number, to: number, step: number): number[] {
  const stride = Math.max(0.01, step);
  const out = [from];
  for (let e = from < stride ? stride : from + stride; e < to; e += stride) out.push(e);
  out.push(to);
  return out;
}

/**
 * The frames that show `rect` (image CSS px), for a scroller of `g`. Frame k shows cell k; its
 * scroll position is the cell's edge (0 for the first cell of a span in the first screen), or the
 * end of the content for a cell the scroller cannot bring to its top, asked 1 px past the
 * reported end as for a whole page (scroll sizes are whole CSS px; the browser stops at the end).
 * `step` is how far apart frames are (coveringStep). Null when the rect is outside the content.
 */
export function planAreaFrames(
  g: Pick<PageGeometry, 'scroller' | 'contentWidth' | 'contentHeight'>,
  rect: Rect,
  step: { x: number; y: number } = { x: g.scroller.width, y: g.scroller.height },
  maxFrames = MAX_FRAMES,
): FramePlan | null {
  const span = contentSpan(g, rect);
  if (!span) return null;
  const colEdges = spanEdges(span.x0, span.x1, step.x);
  let rowEdges = spanEdges(span.y0, span.y1, step.y);
  const cols = colEdges.length - 1;
  const maxRows = Math.max(1, Math.floor(maxFrames / cols));
  const truncated = rowEdges.length - 1 > maxRows;
  if (truncated) rowEdges = rowEdges.slice(0, maxRows + 1);
  const maxX = Math.max(0, Math.max(g.contentWidth, g.scroller.width) - g.scroller.width);
  const maxY = Math.max(0, Math.max(g.contentHeight, g.scroller.height) - g.scroller.height);
  // A cell's frame scrolls to its edge; the first cell of a grid from 0 to 0.
  const at = (edges: number[], i: number, step: number, max: number) => {
    const edge = i === 0 && edges[0] < step ? 0 : edges[i];
    return edge <= max ? edge : max + 1;
  };
  const frames: PlannedFrame[] = [];
  for (let row = 0; row < rowEdges.length - 1; row++) {
    for (let col = 0; col < cols; col++) frames.push({ index: frames.length, col, row, x: at(colEdges, col, step.x, maxX), y: at(rowEdges, row, step.y, maxY) });
  }
  return { colEdges, rowEdges, frames, truncated };
}

/**
 * Where the frames' pixels go in the image of the selection: the whole page's stitch plan of these
 * frames (`planStitch`, the same seams), cropped to the plan's span (the rect, cut to the content:
 * planAreaFrames). All in device pixels.
 */
export function planAreaStitch(
  g: StitchGeometry,
  plan: FramePlan,
  actual: ScrollPosition[],
  deviceScale: DeviceScale,
  limits: CanvasLimits,
): StitchPlan {
  const stitch = planStitch(g, plan, actual, deviceScale, limits);
  const { dpr } = deviceScale;
  const { scroller } = deviceViewport(g, deviceScale);
  // The cells start at the first row and column edge; the crop's other side is the rect's, or
  // where the stitched content ends if that is sooner (the last frame found the page's end).
  const span = { x0: plan.colEdges[0], y0: plan.rowEdges[0], x1: plan.colEdges[plan.colEdges.length - 1], y1: plan.rowEdges[plan.rowEdges.length - 1] };
  const x = scroller.x + toDevice(span.x0, dpr);
  const y = scroller.y + toDevice(span.y0, dpr);
  const right = Math.min(scroller.x + toDevice(span.x1, dpr), stitch.width);
  const bottom = Math.min(scroller.y + toDevice(span.y1, dpr), stitch.height);
  return cropStitch(stitch, { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) }, limits);
}

/**
 * One frame of the viewport cropped to `view` (viewport CSS px): the selection as the user sees it.
 * Scrollbars are left out, as in every capture.
 */
export function planViewCrop(g: StitchGeometry, deviceScale: DeviceScale, view: Rect, limits: CanvasLimits): StitchPlan {
  const { dpr } = deviceScale;
  const { viewW, viewH } = deviceViewport(g, deviceScale);
  const frame: StitchPlan = { width: viewW, height: viewH, dpr, parts: [{ x: 0, y: 0, width: viewW, height: viewH, draws: [{ tile: 0, sx: 0, sy: 0, sw: viewW, sh: viewH, dx: 0, dy: 0 }] }] };
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const x = clamp(toDevice(view.x, dpr), viewW - 1);
  const y = clamp(toDevice(view.y, dpr), viewH - 1);
  const right = clamp(toDevice(view.x + view.width, dpr), viewW);
  const bottom = clamp(toDevice(view.y + view.height, dpr), viewH);
  return cropStitch(frame, { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) }, limits);
}

/** The part `crop` of a stitched image (device px), split again by the same rules. */
export function cropStitch(stitch: StitchPlan, crop: PixelRect, limits: CanvasLimits): StitchPlan {
  const copies = stitch.parts.flatMap((p) => p.draws.map((d) => ({ tile: d.tile, sx: d.sx, sy: d.sy, w: d.sw, h: d.sh, ox: p.x + d.dx - crop.x, oy: p.y + d.dy - crop.y })));
  return { width: crop.width, height: crop.height, dpr: stitch.dpr, parts: splitCopies(crop.width, crop.height, copies, limits) };
}
