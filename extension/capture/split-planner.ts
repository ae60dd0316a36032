/**
 * Chrome's canvas limits. Past either one a canvas silently has no pixels ("The size of the
 * OffscreenCanvas is zero."), so a capture is cut into several images ("split images") first.
 */
export interface CanvasLimits {
  maxSide: number;
  maxArea: number;
}

export const CHROME_CANVAS_LIMITS: CanvasLimits = { maxSide: 65_535, maxArea: 268_435_456 };
/**
 * Firefox's: `gfx.canvas.max-size` (32,767 px a side) and `gfx.max-alloc-size` (500,000,000 bytes,
 * 4 per pixel). Past them its canvas throws or stays empty, in the editor and in `tabs.captureTab`.
 */
export const FIREFOX_CANVAS_LIMITS: CanvasLimits = { maxSide: 32_767, maxArea: 125_000_000 };

/** The spec warns that 10 or more split images may fail. */
export const SPLIT_WARNING_THRESHOLD = 10;

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function evenCuts(total: number, pieces: number): number[] {
  const cuts = [0];
  for (let i = 1; i < pieces; i++) cuts.push(Math.round((total * i) / pieces));
  cuts.push(total);
  return cuts;
}

/**
 * Cuts a width × height image into the fewest row-major parts that each stay inside the limits,
 * with parts of equal size (±1 px) so none ends up as a thin sliver.
 */
export function planSplit(width: number, height: number, limits: CanvasLimits = CHROME_CANVAS_LIMITS): PixelRect[] {
  if (width <= 0 || height <= 0) return [];
  const cols = Math.ceil(width / limits.maxSide);
  const colCuts = evenCuts(width, cols);
  const widest = Math.max(...colCuts.slice(1).map((c, i) => c - colCuts[i]));
  const maxRowHeight = Math.min(limits.maxSide, Math.floor(limits.maxArea / widest));
  if (maxRowHeight < 1) throw new Error('Canvas limits too small for this width');
  const rows = Math.ceil(height / maxRowHeight);
  const rowCuts = evenCuts(height, rows);
  const parts: PixelRect[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      parts.push({ x: colCuts[c], y: rowCuts[r], width: colCuts[c + 1] - colCuts[c], height: rowCuts[r + 1] - rowCuts[r] });
    }
  }
  return parts;
}

export function fitsCanvas(width: number, height: number, limits: CanvasLimits = CHROME_CANVAS_LIMITS): boolean {
  return width > 0 && height > 0 && width <= limits.maxSide && height <= limits.maxSide && width * height <= limits.maxArea;
}
