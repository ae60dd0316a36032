import { routes } from '#shared/api/routes';
import { imagesRepo } from '../adapters/images-repo';
import { defineHandler } from '../lib/define-handler';
import { notFound } from '../lib/errors';
import { toImage } from './lib/image-view';
import { IMAGE_NOT_FOUND, requireSameId } from './lib/own-image';

/** PUT /images/{id}/ with id, title, notes: the caller's image with the new text. */
export const handler = defineHandler(routes.updateImage, async ({ principal, params, body }) => {
  requireSameId(params.id, body.id);
  const row = await imagesRepo.updateText(principal.userId, params.id, { title: body.title, notes: body.notes }, new Date().toISOString());
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  return toImage(row);
});
