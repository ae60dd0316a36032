/**
 * The library's thumbnail of a piece the editor saves, made here from the bitmap the editor holds,
 * by the site's one rule (shared/rules/image-thumbnail.ts): top-cut, at most 480 × 640, WebP. It is
 * uploaded beside the piece, so finalise need not decode a 146-Mpx capture to make it (issue #35 §2).
 */
import { THUMBNAIL, thumbnailSize } from '#shared/rules/image-thumbnail';
import type { AnyCanvas } from '../lib/render';
import { canvasToBlob } from './encode';

/** The thumbnail, or null when this browser writes no WebP or it came out over the cap (the server then makes it). */
export async function libraryThumbnail(piece: AnyCanvas): Promise<Blob | null> {
  const { width, height } = thumbnailSize(piece.width, piece.height);
  const thumb = new OffscreenCanvas(width, height);
  const ctx = thumb.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  // The top of the piece, scaled to the thumbnail's width: what the server's cover/top resize keeps.
  ctx.drawImage(piece, 0, 0, piece.width, Math.min(piece.height, (height * piece.width) / width), 0, 0, width, height);
  const blob = await canvasToBlob(thumb, THUMBNAIL.contentType, THUMBNAIL.quality / 100);
  return blob.type === THUMBNAIL.contentType && blob.size <= THUMBNAIL.maxBytes ? blob : null;
}
