import { routes } from '#shared/api/routes';
import { MAX_IMAGES_PAGE } from '#shared/domain/image';
import { imagesRepo } from '../adapters/images-repo';
import { defineHandler } from '../lib/define-handler';
import { toImage } from './lib/image-view';

/**
 * GET /images/: the caller's finalised images, newest first, with presigned URLs. `limit` sets the
 * page size (default and most 1000); pass the last id of a full page as `cursor` for the next one.
 * Uploads never finalised are left out.
 */
export const handler = defineHandler(routes.listImages, async ({ principal, query }) => {
  const page = await imagesRepo.listReady(principal.userId, { limit: query.limit ?? MAX_IMAGES_PAGE, after: query.cursor });
  return Promise.all(page.rows.map(toImage));
});
