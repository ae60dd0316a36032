import type { Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '#shared/domain/image';
import { THUMBNAIL, thumbnailSize } from '#shared/rules/image-thumbnail';
import { stillWebpSize } from './image-header';

/**
 * Checking an uploaded file and making its thumbnail, with sharp (libvips). sharp is a native
 * module: in AWS it comes from a linux-arm64 Lambda layer (infra/route-deploy.ts `nativeModules`).
 * It is loaded on first use (about 100 ms): a capture finalised with its own thumbnail needs none.
 */
const loadSharp = async () => (await import('sharp')).default;

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

/** What the bytes really are, whatever the upload claimed. Never throws for bad input. Reads the header only (sharp's metadata decodes no pixels). */
export async function inspectImage(bytes: Buffer): Promise<Inspection> {
  const sharp = await loadSharp();
  let meta: Metadata;
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
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, height, fit: 'cover', position: 'top' })
    .webp({ quality: THUMBNAIL.quality })
    .toBuffer();
}

/**
 * Why a thumbnail the client made is not the one THUMBNAIL's rule gives for an image of `size`
 * (too large, not a still WebP by its bytes, other dimensions), or null when it is. Reads its
 * headers only; a thumbnail only its owner's library shows is not worth loading libvips for.
 */
export function thumbnailProblem(bytes: Buffer, size: { width: number; height: number }): string | null {
  if (bytes.length > THUMBNAIL.maxBytes) return 'too_large';
  const found = stillWebpSize(bytes);
  if (!found) return 'not_a_still_webp';
  const want = thumbnailSize(size.width, size.height);
  return found.width === want.width && found.height === want.height ? null : 'wrong_dimensions';
}
