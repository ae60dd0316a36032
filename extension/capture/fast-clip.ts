import { toDevice } from './device-scale';

export interface CssClip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A part of the image (device px) as the CSS-px clip for Page.captureScreenshot in fast mode.
 * Edges that fall on whole CSS px are given as such: the screenshot is pixel-identical, and at a
 * fractional scale Chrome takes a clip with fractional edges a third slower (measured at 10
 * viewports: 1.25 → 0.32 s vs 0.23 s, 1.5 → 0.41 s vs 0.29 s). A start edge is whole when it is
 * exactly a device row; an end edge when it rounds to the same device row (Chrome rounds the
 * output size as toDevice does: 1,282 CSS px at 1.25 give 1,603 px). Other edges stay exact.
 */
export function cssClip(part: CssClip, dpr: number): CssClip {
  const whole = (device: number, isEnd: boolean): number => {
    const n = Math.round(device / dpr);
    const same = isEnd ? toDevice(n, dpr) === device : Math.abs(n * dpr - device) < 1e-6;
    return same ? n : device / dpr;
  };
  const x = whole(part.x, false);
  const y = whole(part.y, false);
  // An end edge is only made whole after a whole start: the output size is then the rounded width.
  const x1 = Number.isInteger(x) ? whole(part.x + part.width, true) : (part.x + part.width) / dpr;
  const y1 = Number.isInteger(y) ? whole(part.y + part.height, true) : (part.y + part.height) / dpr;
  return { x, y, width: x1 - x, height: y1 - y };
}

/**
 * A part of the image (device px) as the rect for Firefox's `tabs.captureTab`: whole CSS px around
 * the part, and where the part starts in that image. Firefox makes a rect with fractional edges one
 * device row taller or shorter (measured: the bands page at DPR 2 cut into 11 parts came out
 * 16,212 rows tall, not 16,200), so the part is cut from an image of whole CSS px instead.
 */
export function wholeCssClip(part: CssClip, dpr: number): { clip: CssClip; offset: { x: number; y: number } } {
  const start = (device: number) => Math.floor(device / dpr + 1e-9);
  const end = (device: number) => Math.ceil(device / dpr - 1e-9);
  const x = start(part.x);
  const y = start(part.y);
  const clip = { x, y, width: end(part.x + part.width) - x, height: end(part.y + part.height) - y };
  return { clip, offset: { x: part.x - Math.round(x * dpr), y: part.y - Math.round(y * dpr) } };
}
