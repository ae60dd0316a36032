import type { BodyOf } from '#shared/api/route';
import type { routes } from '#shared/api/routes';
import { DEFAULT_UPLOAD_CONTENT_TYPE, PENDING_IMAGE_LIFETIME_SECONDS, type Image } from '#shared/domain/image';
import { THUMBNAIL } from '#shared/rules/image-thumbnail';
import { imagesRepo, type ImageRow } from '../../adapters/images-repo';
import { presignPost } from '../../adapters/s3-client';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { imageKeys, newImageId } from './image-keys';
import { toImage } from './image-view';
import { releaseStorageOf, reserveUpload } from './storage-quota';

/** How long the upload form is valid (seconds). */
const UPLOAD_URL_TTL_SECONDS = 300;

/**
 * Starting an upload (POST /images/, and POST /extension/images/ with an upload grant): a pending image and a presigned POST for its file (`uploadUrl` and `uploadFields`),
 * for the caller's upload key only, of the declared content type (the spec's JSON type when none is
 * given) and at most MAX_IMAGE_BYTES or the storage the user has left: S3 refuses anything else.
 * A user whose library is full (or whose declared `size` does not fit) is refused before anything
 * is written (storage-quota.ts). The pending row expires (TTL) unless the client finalises it
 * (POST /images/{id}/), which checks the file itself. The extension may ask for a second form, for
 * the thumbnail its editor made (`thumbnail: true`): WebP only, at most THUMBNAIL.maxBytes, its own
 * key beside the upload; thumbnails are not counted in the storage quota, whoever makes them.
 */
export async function startUpload(userId: string, body: BodyOf<typeof routes.grantCreateImage>): Promise<Image> {
  const now = new Date();
  const imageId = newImageId(now.getTime());
  const expiresAt = Math.floor(now.getTime() / 1000) + PENDING_IMAGE_LIFETIME_SECONDS;
  // Room is held for the upload until it is finalised or expires: uploads in progress count too.
  const maxBytes = await reserveUpload(userId, imageId, expiresAt, body.size);
  const keys = imageKeys(userId, imageId);
  const row: ImageRow = {
    userId, imageId, title: body.title, notes: body.notes, urlLink: body.urlLink ?? null,
    objectKey: keys.original, thumbKey: keys.thumb, status: 'pending', created: now.toISOString(), updated: now.toISOString(),
    expiresAt, reservedBytes: maxBytes,
    ...(body.part ? { part: body.part } : {}),
    ...(body.thumbnail ? { clientThumbnail: true } : {}),
  };
  if (!(await imagesRepo.create(row))) {
    await releaseStorageOf(row);
    throw new DomainError('conflict', 'Please try again.');
  }
  const [upload, thumb] = await Promise.all([
    presignPost(keys.upload, { contentType: body.contentType ?? DEFAULT_UPLOAD_CONTENT_TYPE, maxBytes, expiresIn: UPLOAD_URL_TTL_SECONDS }),
    body.thumbnail
      ? presignPost(keys.thumbUpload, { contentType: THUMBNAIL.contentType, maxBytes: THUMBNAIL.maxBytes, expiresIn: UPLOAD_URL_TTL_SECONDS })
      : undefined,
  ]);
  logger.info('image created', { imageId, clientThumbnail: !!thumb });
  return { ...(await toImage(row)), uploadUrl: upload.url, uploadFields: upload.fields, ...(thumb ? { thumbUploadFields: thumb.fields } : {}) };
}
