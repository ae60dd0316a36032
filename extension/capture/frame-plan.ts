import type { PageGeometry } from '#shared/extension/messages';

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

/** Cells of `view` size covering `content`; the last cell is shorter, its frame scrolls to the end. */
function edges(content: number, view: number): number[] {
  const out = [0];
  const step = Math.max(1, Math.floor(view));
  for (let p = step; p < content - 0.5; p += step) out.push(p);
  out.push(content);
  return out;
}

/** Row-major frames that together show every content pixel of the scroller exactly once. */
export function planFrames(
  g: Pick<PageGeometry, 'scroller' | 'contentWidth' | 'contentHeight'>,
  maxFrames = 400,
): FramePlan {
  const contentW = Math.max(g.contentWidth, g.scroller.width);
  const contentH = Math.max(g.contentHeight, g.scroller.height);
  const colEdges = edges(contentW, g.scroller.width);
  let rowEdges = edges(contentH, g.scroller.height);
  const cols = colEdges.length - 1;
  let truncated = false;
  const maxRows = Math.max(1, Math.floor(maxFrames / cols));
  if (rowEdges.length - 1 > maxRows) {
    rowEdges = rowEdges.slice(0, maxRows + 1);
    truncated = true;
  }
  const maxX = Math.max(0, contentW - g.scroller.width);
  const maxY = Math.max(0, contentH - g.scroller.height);
  const frames: PlannedFrame[] = [];
  for (let row = 0; row < rowEdges.length - 1; row++) {
    for (let col = 0; col < cols; col++) {
      frames.push({
        index: frames.length,
        col,
        row,
        x: Math.min(colEdges[col], maxX),
        y: Math.min(rowEdges[row], maxY),
      });
    }
  }
  return { colEdges, rowEdges, frames, truncated };
}
