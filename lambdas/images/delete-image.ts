import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';
import { removeImage, requireOwnImage, requireSameId } from './lib/own-image';

/** DELETE /images/{id}/ with a body holding id: removes the caller's image, its files and thumbnail. */
export const handler = defineHandler(routes.deleteImage, async ({ principal, params, body }) => {
  requireSameId(params.id, body.id);
  const row = await requireOwnImage(principal.userId, params.id);
  await removeImage(row);
  logger.info('image deleted', { imageId: row.imageId });
  return { ok: true as const };
});
