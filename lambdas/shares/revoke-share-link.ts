import { routes } from '#shared/api/routes';
import { sharesRepo } from '../adapters/shares-repo';
import { removeShare } from '../images/lib/share-file';
import { defineHandler } from '../lib/define-handler';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { requireOwnImage } from '../images/lib/own-image';

export const SHARE_NOT_FOUND = 'Share link not found.';

/**
 * DELETE /images/{id}/shares/{shareId}: removes the link's row, so its token opens the gone page.
 * Another user's image or link is answered like one that never existed (404).
 */
export const handler = defineHandler(routes.revokeShareLink, async ({ principal, params }) => {
  const image = await requireOwnImage(principal.userId, params.id);
  const share = await sharesRepo.findOwned(principal.userId, params.shareId, image.imageId);
  if (!share) throw notFound(SHARE_NOT_FOUND);
  await removeShare(share);
  logger.info('share link revoked', { imageId: image.imageId, shareId: share.shareId });
  return { ok: true as const };
});
