/**
 * "Capture visible part": one captureVisibleTab bitmap, cut to the viewport without scrollbars and
 * laid out as split images by the same rules as a whole-page capture (`planSplit`), so the editor,
 * its exports and the store treat it like any other capture.
 */
import type { PartPlan } from './stitch-plan';
import { planSplit, type CanvasLimits } from './split-planner';
import { measureScale, toDevice } from './device-scale';

/** What the page says about its viewport, read without changing anything on it. */
export interface ViewportInfo {
  innerWidth: number;
  innerHeight: number;
  /** The viewport without scrollbars (documentElement.clientWidth / clientHeight), CSS px. */
  clientWidth: number;
  clientHeight: number;
  devicePixelRatio: number;
}

export interface VisiblePlan {
  width: number;
  height: number;
  dpr: number;
  parts: PartPlan[];
}

export function planVisible(view: ViewportInfo, bitmap: { width: number; height: number }, limits: CanvasLimits): VisiblePlan {
  const { dpr } = measureScale(view, bitmap);
  // Scrollbars are left out, as in a whole-page capture; a page that reports no client box keeps the bitmap.
  const width = Math.min(bitmap.width, view.clientWidth > 0 ? toDevice(view.clientWidth, dpr) : bitmap.width);
  const height = Math.min(bitmap.height, view.clientHeight > 0 ? toDevice(view.clientHeight, dpr) : bitmap.height);
  const parts = planSplit(width, height, limits).map((p) => ({ ...p, draws: [{ tile: 0, sx: p.x, sy: p.y, sw: p.width, sh: p.height, dx: 0, dy: 0 }] }));
  return { width, height, dpr, parts };
}
