import { routes } from '#shared/api/routes';
import { isShareExpired, sharesRepo } from '../adapters/shares-repo';
import { defineHandler } from '../lib/define-handler';
import { requireOwnImage } from '../images/lib/own-image';
import { byNewest, toShareLink } from './lib/share-view';

/** GET /images/{id}/shares: the active links of the caller's image, newest first (another user's image: 404). */
export const handler = defineHandler(routes.listShareLinks, async ({ principal, params }) => {
  const image = await requireOwnImage(principal.userId, params.id);
  const rows = await sharesRepo.listByOwner(principal.userId, image.imageId);
  return { shares: rows.filter((r) => !isShareExpired(r)).sort(byNewest).map(toShareLink) };
});
