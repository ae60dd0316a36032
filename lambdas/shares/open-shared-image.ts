import { routes } from '#shared/api/routes';
import { attachmentDisposition, imageDownloadName } from '#shared/rules/image-download-name';
import { presignGet } from '../adapters/s3-client';
import { config } from '../lib/config';
import { defineHandler } from '../lib/define-handler';
import { findShare } from './lib/find-share';
import { shareFileOf } from '../images/lib/share-file';
import { gonePage, redirectTo } from './lib/share-page';

/** Twice the redirect's cache life: a cached redirect still points at a valid URL. */
export const IMAGE_REDIRECT_TTL_SECONDS = 120;

/**
 * GET /s/{token}/image: a redirect to a short-lived presigned GET of the file (images reach 25 MB,
 * past Lambda's 6 MB answer), with the stored type as its Content-Type; `download` adds
 * Content-Disposition: attachment. Serves link previews (og:image) and the Download button.
 */
export const handler = defineHandler(routes.openSharedImage, async ({ params, query }) => {
  const found = await findShare(params.token);
  if (found.kind !== 'open') return gonePage(found.kind, config.siteUrl());
  const { image } = found;
  // The link's own copy: the redirect names nothing of the owner (lambdas/images/lib/share-file.ts).
  const fileKey = await shareFileOf(found.share, image);
  if (!fileKey) return gonePage('gone', config.siteUrl());
  const url = await presignGet(fileKey, IMAGE_REDIRECT_TTL_SECONDS, {
    contentType: image.contentType,
    ...(query.download ? { contentDisposition: attachmentDisposition(imageDownloadName(image)) } : {}),
  });
  return redirectTo(url);
});
