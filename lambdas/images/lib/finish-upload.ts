import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type Image } from '#shared/domain/image';
import { imagesRepo, type ImageRow } from '../../adapters/images-repo';
import { copyObjectAs, deleteObject, getObjectBytes, getObjectIfAny, getObjectStart, headObject, putObject } from '../../adapters/s3-client';
import { DomainError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { countEvent } from '../../lib/metrics';
import { THUMBNAIL } from '#shared/rules/image-thumbnail';
import { inspectImage, makeThumbnail, thumbnailProblem } from './image-file';
import { stillPngSize } from './image-header';
import { imageKeys } from './image-keys';
import { toImage } from './image-view';
import { settleUpload, unsettleUpload } from './storage-quota';
import { IMAGE_NOT_FOUND, removeImage, requireOwnImage } from './own-image';

const NOT_UPLOADED = 'No file has been uploaded for this image yet. POST it with the uploadFields to the uploadUrl first.';
const TOO_LARGE = `The image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`;
const TOO_MANY_PIXELS = `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`;
const NOT_AN_IMAGE = 'The file is not an image the library can store (PNG, JPEG, WebP, GIF or AVIF).';
const DAMAGED = 'The image could not be read; the file may be damaged.';
const CHANGED = 'The file changed while it was being checked. Please try again.';

/** How much of the original is read when the client's thumbnail spares decoding it: a PNG's chunks before its pixels. */
const HEADER_BYTES = 64 * 1024;

/** Stored files never change under their key, so browsers may keep them. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

/** A refused upload leaves nothing behind: its object and its row go, then the client is told why. */
async function refuse(row: ImageRow, code: 'payload_too_large' | 'unsupported_media_type', message: string, detail: Record<string, unknown>) {
  logger.info('upload refused', { imageId: row.imageId, code, ...detail });
  await removeImage(row);
  return new DomainError(code, message);
}

type Keys = ReturnType<typeof imageKeys>;
type FileFacts = { contentType: string; size: number; width: number; height: number };
/** A checked upload: its facts, and how to store it (original and thumbnail) under the final keys. */
interface Checked { file: FileFacts; thumbBytes: number; store(): Promise<void> }

/**
 * The extension's path (its create asked for a thumbnail form): the thumbnail its editor uploaded
 * beside the file, if it is exactly what the server would make the size of (THUMBNAIL's rule, a
 * still WebP, within its byte cap). Then only the original's header is read (a ranged GET; a still
 * PNG's IHDR, image-header.ts) and the file is copied inside S3, never decoded, and sharp is not
 * even loaded; S3 copies only the version whose header was read (ETag). Undefined when there is
 * no such thumbnail or the header is not one that tells for certain: the caller makes the thumbnail.
 */
async function withClientThumbnail(row: ImageRow, keys: Keys): Promise<Checked | undefined> {
  // The thumbnail's form caps its size, so it is read whole, alongside the original's start.
  const [start, thumbBytes] = await Promise.all([getObjectStart(keys.upload, HEADER_BYTES), getObjectIfAny(keys.thumbUpload)]);
  if (!start || !thumbBytes || start.size > MAX_IMAGE_BYTES) return undefined; // the server path says why
  const size = stillPngSize(start.bytes);
  if (!size || size.width * size.height > MAX_IMAGE_PIXELS) return undefined;
  const problem = thumbnailProblem(thumbBytes, size);
  if (problem) {
    logger.warn('client thumbnail ignored', { imageId: row.imageId, problem, thumbSize: thumbBytes.length, ...size });
    return undefined;
  }
  const contentType = 'image/png';
  return {
    file: { contentType, size: start.size, ...size },
    thumbBytes: thumbBytes.length,
    async store() {
      const [copied] = await Promise.all([
        copyObjectAs(keys.upload, keys.original, { contentType, cacheControl: IMMUTABLE, ifMatch: start.etag }),
        putObject(keys.thumb, thumbBytes, THUMBNAIL.contentType, IMMUTABLE),
      ]);
      if (!copied) throw new DomainError('conflict', CHANGED);
    },
  };
}

/** The server's path (uploads from the computer, and a capture without a usable client thumbnail): the whole file read, checked and decoded for its thumbnail. */
async function withServerThumbnail(row: ImageRow, keys: Keys): Promise<Checked> {
  const head = await headObject(keys.upload);
  if (!head) throw new DomainError('conflict', NOT_UPLOADED);
  if (head.size > MAX_IMAGE_BYTES) throw await refuse(row, 'payload_too_large', TOO_LARGE, { size: head.size });

  const bytes = await getObjectBytes(keys.upload);
  // The object may have been replaced since the HEAD: check what was actually read.
  if (bytes.length > MAX_IMAGE_BYTES) throw await refuse(row, 'payload_too_large', TOO_LARGE, { size: bytes.length });
  const found = await inspectImage(bytes);
  if (!found.ok) {
    if (found.reason === 'too_many_pixels') throw await refuse(row, 'payload_too_large', TOO_MANY_PIXELS, { format: found.format });
    throw await refuse(row, 'unsupported_media_type', NOT_AN_IMAGE, { reason: found.reason, format: found.format, declared: head.contentType });
  }

  let thumb: Buffer;
  try {
    thumb = await makeThumbnail(bytes, found);
  } catch (e) {
    throw await refuse(row, 'unsupported_media_type', DAMAGED, { error: (e as Error).message });
  }
  return {
    file: { contentType: found.contentType, size: bytes.length, width: found.width, height: found.height },
    thumbBytes: thumb.length,
    async store() {
      await Promise.all([
        putObject(keys.original, bytes, found.contentType, IMMUTABLE),
        putObject(keys.thumb, thumb, THUMBNAIL.contentType, IMMUTABLE),
      ]);
    },
  };
}

/**
 * Finishing an upload (POST /images/{id}/, and POST /extension/images/{id}/ with an upload grant): checks the uploaded file (present, at most 25 MB, really
 * a PNG/JPEG/WebP/GIF/AVIF by its bytes, at most 150 Mpx), stores the checked bytes under the final
 * key with their real type, makes the WebP thumbnail, records size and type, and returns the image.
 * The upload form can still be used until it expires, so the stored file is a copy of the checked
 * bytes, not the upload object. Finalising removes the row's expiry (TTL). Finalising a finalised image returns it unchanged.
 * When the extension uploaded a thumbnail that passes its checks, the file is not decoded: its
 * header gives type and dimensions, and that thumbnail is kept (withClientThumbnail).
 */
export async function finishUpload(userId: string, imageId: string): Promise<Image> {
  const row = await requireOwnImage(userId, imageId);
  if (row.status === 'ready') return toImage(row);

  const keys = imageKeys(row.userId, row.imageId);
  const checked = (row.clientThumbnail && (await withClientThumbnail(row, keys))) || (await withServerThumbnail(row, keys));
  const { file } = checked;

  // The storage quota, with the file's real size: a conditional write on the user's counter.
  try {
    await settleUpload(row, file.size);
  } catch (e) {
    if (e instanceof DomainError && e.code === 'storage_full') await removeImage(row);
    throw e;
  }
  let ready: ImageRow | undefined;
  try {
    await checked.store();
    // The uploads go as the row turns ready: as before, neither outcome of markReady needs them.
    [ready] = await Promise.all([
      imagesRepo.markReady(row.userId, row.imageId, file, new Date().toISOString()), deleteObject(keys.upload), deleteObject(keys.thumbUpload),
    ]);
  } catch (e) {
    await unsettleUpload(row, file.size);
    throw e;
  }
  if (!ready) {
    // Not pending any more: this call stored nothing new, so its count goes back.
    await unsettleUpload(row, file.size);
    const now = await imagesRepo.get(row.userId, row.imageId);
    if (now?.status === 'ready') return toImage(now); // another finalise of the same image won
    // Deleted while we worked: do not leave its files behind.
    await removeImage(row);
    throw notFound(IMAGE_NOT_FOUND);
  }
  logger.info('image finalised', { imageId: row.imageId, ...file, thumbBytes: checked.thumbBytes });
  countEvent('CaptureSaved');
  return toImage(ready);
}
