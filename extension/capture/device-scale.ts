import type { PageGeometry } from '#shared/extension/messages';

/**
 * How CSS pixels map to the captured bitmap's device pixels.
 *
 * Chrome lays pages out and scrolls them in device pixels: a scroll to CSS y lands on device row
 * round(y × dpr), and `scrollY` then reports that row ÷ dpr (796.8 for 797 at 1.25). So a frame's
 * place in the image is round(scrollY × dpr), read from the position the page reached. The ratio
 * bitmap width ÷ innerWidth is not the scale: innerWidth is rounded to whole CSS px (1602 device
 * px at 1.25 are 1281.6 CSS px, reported as 1282), which put seams a few rows off far down a page.
 */
export interface DeviceScale {
  /** Device pixels per CSS px: display scale × page zoom. */
  dpr: number;
  /** The captured bitmap: the viewport in device pixels, scrollbars included. */
  frameWidth: number;
  frameHeight: number;
}

/** CSS px → device px, the way Chrome snaps scroll offsets and layout edges. */
export function toDevice(css: number, dpr: number): number {
  // scrollY is a float32 (796.7999877929688): a tiny nudge keeps exact halves rounding up.
  return Math.round(css * dpr + 1e-6);
}

/**
 * devicePixelRatio, cross-checked against the first frame: if it disagrees with bitmap height ÷
 * innerHeight by more than innerHeight's rounding allows, the bitmap is the truth.
 */
export function measureScale(g: Pick<PageGeometry, 'innerWidth' | 'innerHeight' | 'devicePixelRatio'>, bitmap: { width: number; height: number }): DeviceScale {
  const measured = bitmap.height / g.innerHeight;
  const slack = (0.5 * g.devicePixelRatio + 1) / g.innerHeight; // innerHeight is whole CSS px
  const dpr = g.devicePixelRatio > 0 && Math.abs(measured - g.devicePixelRatio) <= slack ? g.devicePixelRatio : measured;
  return { dpr, frameWidth: bitmap.width, frameHeight: bitmap.height };
}

/**
 * How far apart frames are, in CSS px, so that each lands exactly one scroller height (in device
 * rows) below the previous one: a whole number of CSS px when that is whole device rows (DPR 1,
 * 2), else the exact fraction (715.2 CSS px for 894 device rows at 1.25). Chrome lands a scroll
 * to CSS y on device row round(y × dpr), which for k × step is exactly k × deviceView.
 */
export function coveringStep(deviceView: number, dpr: number): number {
  const full = Math.floor(deviceView / dpr + 1e-9);
  if (full >= 1 && Math.abs(full * dpr - deviceView) < 1e-6) return full;
  return Math.max(1 / dpr, deviceView / dpr);
}
