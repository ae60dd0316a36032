import { routes } from '#shared/api/routes';
import { removeAllShares } from './lib/share-file';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';
import { removeImage, requireOwnImage, requireSameId } from './lib/own-image';

/**
 * DELETE /images/{id}/ with a body holding id: removes the caller's image, its files and thumbnail.
 * Its share links go first, so no link outlives the image even if a later step fails.
 */
export const handler = defineHandler(routes.deleteImage, async ({ principal, params, body }) => {
  requireSameId(params.id, body.id);
  const row = await requireOwnImage(principal.userId, params.id);
  const shares = await removeAllShares(row.userId, row.imageId);
  await removeImage(row);
  logger.info('image deleted', { imageId: row.imageId, shares });
  return { ok: true as const };
});
