import type { PageGeometry } from '#shared/extension/messages';
import { toDevice } from './device-scale';

export interface PlannedFrame {
  index: number;
  col: number;
  row: number;
  /** Scroll position to request, in CSS px of the scroller's content. */
  x: number;
  y: number;
}

export interface FramePlan {
  /** Cell boundaries in content coordinates: cell j spans [colEdges[j], colEdges[j+1]). */
  colEdges: number[];
  rowEdges: number[];
  frames: PlannedFrame[];
  /** True when the page was longer than maxFrames allows and the bottom was left out. */
  truncated: boolean;
}

/**
 * Cell edges `step` apart until one passes the last scroll position: the frame at the end shows
 * everything from that edge on, so the last cell is shorter. "Passes" means by 1 px, because the
 * true end may lie up to 1 px beyond the whole-px scroll size the page reports.
 */
function edges(content: number, view: number, step: number, splitEnd = false): number[] {
  const out = [0];
  // Fractional at fractional scales: edges then fall on whole device rows (see coveringStep),
  // and may exceed the reported view, which is rounded to whole CSS px.
  const stride = Math.max(0.01, step);
  const maxScroll = content - view;
  // Stops at the content's end too: with a view under 1 px the end is below maxScroll + 1.
  if (maxScroll > 0) while (out[out.length - 1] < maxScroll + 1 && out[out.length - 1] < content) out.push(Math.min(content, out[out.length - 1] + stride));
  if (content > out[out.length - 1]) out.push(content);
  // When the content's end itself was the edge that passed, the last cell starts at or below the
  // last scroll position, and the end frame (1 px past it) may land below that edge. At a device
  // scale over 1 (`splitEnd`) the rounded sizes can hide a whole device row there (an inner
  // scroller's range is two rounded sizes apart; a document's height is rounded), which no frame
  // would show: the cell keeps a frame at its own edge, and the end frame takes the sliver past the
  // reported end.
  if (splitEnd && maxScroll > 0 && out.length >= 2 && out[out.length - 2] < maxScroll + 1) out.push(content + 1);
  return out;
}

/**
 * Whether the true end of the content may lie a whole device row or more past the reported one: a
 * document's height is one rounded size (off by under half a CSS px, a whole row only above
 * DPR 2); an inner scroller's range is two (scrollHeight − clientHeight, off by under 1 CSS px).
 */
export const endMayHideARow = (g: Pick<PageGeometry, 'scrollerKind'>, dpr: number): boolean => dpr > (g.scrollerKind === 'document' ? 2 : 1);

/**
 * Row-major frames that together show every content pixel of the scroller exactly once.
 * `step` (CSS px, default the scroller's size) is how far apart frames are: at fractional scales
 * a little less than the viewport, so device-pixel rounding never leaves a row uncovered.
 */
export function planFrames(
  g: Pick<PageGeometry, 'scroller' | 'contentWidth' | 'contentHeight'>,
  maxFrames = 400,
  step: { x: number; y: number } = { x: g.scroller.width, y: g.scroller.height },
  /** Whether a whole device row may lie past the reported end (`endMayHideARow`). */
  splitEnd = false,
): FramePlan {
  const contentW = Math.max(g.contentWidth, g.scroller.width);
  const contentH = Math.max(g.contentHeight, g.scroller.height);
  const colEdges = edges(contentW, g.scroller.width, step.x, splitEnd);
  let rowEdges = edges(contentH, g.scroller.height, step.y, splitEnd);
  const cols = colEdges.length - 1;
  let truncated = false;
  const maxRows = Math.max(1, Math.floor(maxFrames / cols));
  if (rowEdges.length - 1 > maxRows) {
    rowEdges = rowEdges.slice(0, maxRows + 1);
    truncated = true;
  }
  const maxX = Math.max(0, contentW - g.scroller.width);
  const maxY = Math.max(0, contentH - g.scroller.height);
  // Scroll sizes are whole CSS px and the true end may be up to 1 px further: the frames at the
  // end ask 1 px past it, and the browser stops exactly there.
  const endX = maxX > 0 ? maxX + 1 : 0;
  const endY = maxY > 0 ? maxY + 1 : 0;
  const lastRow = rowEdges.length - 2;
  const frames: PlannedFrame[] = [];
  for (let row = 0; row <= lastRow; row++) {
    for (let col = 0; col < cols; col++) {
      const x = col === cols - 1 ? endX : colEdges[col];
      const y = row === lastRow && !truncated ? endY : rowEdges[row];
      frames.push({ index: frames.length, col, row, x, y });
    }
  }
  return { colEdges, rowEdges, frames, truncated };
}

/**
 * Whether a frame that landed at `pos` (image CSS px) shows all of its cell in `plan`, in device
 * rows and columns, for a scroller box of `view` device px. A frame taken under an older plan of
 * a page that has since grown or shrunk is kept only if it does; the others are taken again.
 */
export function coversCell(plan: FramePlan, f: PlannedFrame, pos: { x: number; y: number }, view: { width: number; height: number }, dpr: number): boolean {
  const along = (p: number, edges: number[], i: number, size: number) => {
    const last = i === edges.length - 2;
    const top = toDevice(edges[i], dpr);
    // The end of the content is known to about a device row (scroll sizes are whole CSS px).
    const bottom = toDevice(edges[i + 1], dpr) - (last ? 2 : 0);
    const at = toDevice(p, dpr);
    return at <= top && at + size >= bottom;
  };
  return along(pos.x, plan.colEdges, f.col, view.width) && along(pos.y, plan.rowEdges, f.row, view.height);
}
