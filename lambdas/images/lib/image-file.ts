import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '#shared/domain/image';
import { THUMBNAIL, thumbnailSize } from '#shared/rules/image-thumbnail';

/**
 * Checking an uploaded file and making its thumbnail, with sharp (libvips). sharp is a native
 * module: in AWS it comes from a linux-arm64 Lambda layer (infra/route-deploy.ts `nativeModules`).
 */

/** The formats the library stores, by sharp's format name. AVIF is reported as `heif` with AV1 compression. */
const MIME_BY_FORMAT: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export type Inspection =
  | { ok: true; contentType: string; width: number; height: number }
  | { ok: false; reason: 'not_an_image' | 'unsupported_format' | 'too_many_pixels'; format?: string };

/**
 * What the bytes really are, whatever the upload claimed. Never throws for bad input. Reads the
 * header only (sharp's metadata decodes no pixels), so the start of a PNG is enough: the first
 * 64 KiB serve when the original is not decoded at all (finish-upload.ts, a client thumbnail).
 */
export async function inspectImage(bytes: Buffer): Promise<Inspection> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'not_an_image' };
  }
  const format = meta.format as string | undefined;
  const contentType = format === 'heif' && meta.compression === 'av1' ? 'image/avif' : format ? MIME_BY_FORMAT[format] : undefined;
  if (!contentType) return { ok: false, reason: 'unsupported_format', format };
  // As displayed: orientations 5-8 turn the picture a quarter, and animations report all frames' height.
  const turned = (meta.orientation ?? 1) >= 5;
  const w = meta.width ?? 0;
  const h = meta.pageHeight ?? meta.height ?? 0;
  const [width, height] = turned ? [h, w] : [w, h];
  if (!width || !height) return { ok: false, reason: 'not_an_image', format };
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too_many_pixels', format };
  return { ok: true, contentType, width, height };
}

/**
 * A WebP thumbnail of an inspected image (its displayed width and height): first frame of
 * animations, EXIF orientation applied. Throws when the file cannot be decoded.
 */
export async function makeThumbnail(bytes: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  const { width, height } = thumbnailSize(size.width, size.height);
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, height, fit: 'cover', position: 'top' })
    .webp({ quality: THUMBNAIL.quality })
    .toBuffer();
}

/**
 * Why a thumbnail the client made is not the one THUMBNAIL's rule gives for an image of `size`
 * (too large, not a still WebP by its bytes, other dimensions, damaged), or null when it is.
 * Decodes the thumbnail (a few ms at 480 × 640), never the original.
 */
export async function thumbnailProblem(bytes: Buffer, size: { width: number; height: number }): Promise<string | null> {
  if (bytes.length > THUMBNAIL.maxBytes) return 'too_large';
  const want = thumbnailSize(size.width, size.height);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: THUMBNAIL.width * THUMBNAIL.height }).metadata();
  } catch {
    return 'not_an_image';
  }
  if (meta.format !== 'webp' || (meta.pages ?? 1) > 1) return 'not_a_still_webp';
  if (meta.width !== want.width || meta.height !== want.height) return 'wrong_dimensions';
  try {
    await sharp(bytes).raw().toBuffer();
  } catch {
    return 'damaged';
  }
  return null;
}
