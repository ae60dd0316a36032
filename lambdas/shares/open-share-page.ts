import { routes } from '#shared/api/routes';
import { presignGet } from '../adapters/s3-client';
import { sharesRepo } from '../adapters/shares-repo';
import { config } from '../lib/config';
import { defineHandler } from '../lib/define-handler';
import { isHeadRequest } from '../lib/http';
import { findShare } from './lib/find-share';
import { shareFileOf } from '../images/lib/share-file';
import { gonePage, sharePage } from './lib/share-page';
import { shareUrl } from './lib/share-view';

/** The page's own presigned GET: outlives the page's 60 s cache by minutes, and no more. */
export const PAGE_IMAGE_TTL_SECONDS = 300;

/**
 * GET /s/{token}: the public page of a share link, or the gone page (404 revoked or never
 * existed, 410 expired). Each open counts one view (an atomic ADD on the link's row); HEAD
 * answers the same without the body and counts nothing.
 */
export const handler = defineHandler(routes.openSharePage, async ({ params, event }) => {
  const site = config.siteUrl();
  const found = await findShare(params.token);
  if (found.kind !== 'open') return gonePage(found.kind, site);
  // A HEAD (link-preview services) gets the same answer without its body and is not a view.
  // Revoked between the read and now: the row is gone and the view is not counted.
  if (!isHeadRequest(event) && !(await sharesRepo.countView(found.share.tokenHash))) return gonePage('gone', site);
  const { image } = found;
  const pageUrl = shareUrl(params.token);
  // The type is the one finalise recorded from the bytes, never anything from the request.
  // The link's own copy: the URL names nothing of the owner (lambdas/images/lib/share-file.ts).
  const fileKey = await shareFileOf(found.share, image);
  if (!fileKey) return gonePage('gone', site);
  const imageUrl = await presignGet(fileKey, PAGE_IMAGE_TTL_SECONDS, { contentType: image.contentType });
  return sharePage({
    title: image.title, pageUrl, imageUrl, siteUrl: site, contentType: image.contentType,
    previewUrl: `${pageUrl}/image`, downloadUrl: `${pageUrl}/image?download=true`,
    width: image.width, height: image.height,
  });
});
