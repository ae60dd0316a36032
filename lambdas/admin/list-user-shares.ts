import { routes } from '#shared/api/routes';
import { imagesRepo } from '../adapters/images-repo';
import { sharesRepo } from '../adapters/shares-repo';
import { defineHandler } from '../lib/define-handler';
import { byNewest, toShareLink } from '../shares/lib/share-view';

/**
 * GET /admin/users/shares?cognitoSub=: every share link of a user, expired ones included (their
 * `expiresAt` says so), newest first, each with its image's title (null when the image is gone).
 */
export const handler = defineHandler(routes.adminListUserShares, async ({ query }) => {
  const rows = (await sharesRepo.listByOwner(query.cognitoSub)).sort(byNewest);
  const titles = new Map<string, string | null>();
  for (const imageId of new Set(rows.map((r) => r.imageId))) {
    titles.set(imageId, (await imagesRepo.get(query.cognitoSub, imageId))?.title ?? null);
  }
  return { shares: rows.map((r) => ({ ...toShareLink(r), imageId: r.imageId, imageTitle: titles.get(r.imageId) ?? null })) };
});
