/**
 * The editor stitches frames as they arrive, each placed by the plan known then. The page's end is
 * known only at the last frame: at a fractional DPR the image can then come out a row shorter, and
 * the cells before it move by that row. Rather than stitch the whole image again (0.4 s for 10
 * viewports at DPR 1.5, 1.2–1.7 s for 40), only what differs from the final plan is drawn again.
 */
import type { PartPlan } from '../capture/stitch-plan';

export type Draw = PartPlan['draws'][number];
type Rect = { x: number; y: number; width: number; height: number };

const key = (d: Draw) => `${d.tile}:${d.sx}:${d.sy}:${d.sw}:${d.sh}:${d.dx}:${d.dy}`;
const overlaps = (a: Draw, b: Draw) => a.dx < b.dx + b.sw && b.dx < a.dx + a.sw && a.dy < b.dy + b.sh && b.dy < a.dy + a.sh;

/**
 * What turns a canvas drawn with `live` into one drawn with `final` (on white): clear to white
 * what live draws outside the final plan covered, then draw again every final draw that was not
 * drawn live or that one of those overlapped. Final draws do not overlap each other.
 */
export function liveRepair(live: Draw[], final: Draw[]): { clear: Rect[]; redraw: Draw[] } {
  const finalKeys = new Set(final.map(key));
  const liveKeys = new Set(live.map(key));
  const extra = live.filter((d) => !finalKeys.has(key(d)));
  return {
    clear: extra.map((d) => ({ x: d.dx, y: d.dy, width: d.sw, height: d.sh })),
    redraw: final.filter((d) => !liveKeys.has(key(d)) || extra.some((e) => overlaps(d, e))),
  };
}
