import { routes } from '#shared/api/routes';
import { DEFAULT_UPLOAD_CONTENT_TYPE } from '#shared/domain/image';
import { imagesRepo, type ImageRow } from '../adapters/images-repo';
import { presignPut } from '../adapters/s3-client';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { imageKeys, newImageId } from './image-keys';
import { toImage } from './image-view';

/** How long the upload URL is valid (seconds). */
export const UPLOAD_URL_TTL_SECONDS = 300;

/**
 * POST /images/: a pending image and a presigned PUT URL for its file, scoped to the caller's
 * prefix and signed for the declared content type (the spec's JSON type when none is given).
 * The file is checked when the client finalises (POST /images/{id}/).
 */
export const handler = defineHandler(routes.createImage, async ({ principal, body }) => {
  const now = new Date().toISOString();
  const imageId = newImageId();
  const keys = imageKeys(principal.userId, imageId);
  const row: ImageRow = {
    userId: principal.userId, imageId, title: body.title, notes: body.notes, urlLink: body.urlLink ?? null,
    objectKey: keys.original, thumbKey: keys.thumb, status: 'pending', created: now, updated: now,
  };
  if (!(await imagesRepo.create(row))) throw new DomainError('conflict', 'Please try again.');
  const uploadUrl = await presignPut(keys.upload, body.contentType ?? DEFAULT_UPLOAD_CONTENT_TYPE, UPLOAD_URL_TTL_SECONDS);
  logger.info('image created', { imageId });
  return { ...(await toImage(row)), uploadUrl };
});
