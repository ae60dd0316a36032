/**
 * The library's thumbnail, one rule for the finalise function (which makes it, or checks the one the
 * extension's editor uploaded) and the editor (which makes it from the bitmap it already holds).
 * Plain numbers, no zod: the editor's bundle imports this.
 *
 * Thumbnails are at most 480 px wide. Tall images (full-page captures) are cut at 640 px from the
 * top, which is the part people recognise; wide ones keep their whole width and aspect.
 */
export const THUMBNAIL = {
  width: 480,
  height: 640,
  /** WebP quality, 0-100 (sharp); the editor's canvas takes it as 0.78. */
  quality: 78,
  contentType: 'image/webp',
  /**
   * The most bytes an uploaded thumbnail may have: its presigned form's content-length-range.
   * A 480 × 640 lossy WebP of a page is 20-80 KB; random noise at this quality about 200 KB.
   */
  maxBytes: 512 * 1024,
} as const;

/** The thumbnail's width and height for an image of `width` × `height` (as displayed). */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const w = Math.min(THUMBNAIL.width, width);
  return { width: w, height: Math.max(1, Math.min(THUMBNAIL.height, Math.round((height * w) / width))) };
}
