import { randomBytes } from 'node:crypto';
import { routes } from '#shared/api/routes';
import { isShareableContentType, SHARE_EXPIRY_SECONDS } from '#shared/domain/share-link';
import { ownerKeyOf, sharesRepo } from '../adapters/shares-repo';
import { defineHandler } from '../lib/define-handler';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { requireOwnImage } from '../images/lib/own-image';
import { newSecretToken } from '../lib/secret-token';
import { MAX_SHARES_PER_IMAGE, releaseShareSlot, takeShareSlot } from '../images/lib/share-cap';
import { copyShareFile, removeShare } from '../images/lib/share-file';
import { shareUrl, toShareLink } from './lib/share-view';

export { MAX_SHARES_PER_IMAGE };

export const NOT_READY = 'Finish the upload before sharing this image.';
export const TOO_MANY = `This image already has ${MAX_SHARES_PER_IMAGE} links. Revoke one first.`;

/**
 * POST /images/{id}/shares {expiry}: a new link to the caller's finalised image, with its own copy
 * of the file (lambdas/images/lib/share-file.ts). The URL (with the token) is in this answer only; the table keeps
 * the token's hash.
 */
export const handler = defineHandler(routes.createShareLink, async ({ principal, params, body }) => {
  const image = await requireOwnImage(principal.userId, params.id);
  if (image.status !== 'ready' || !isShareableContentType(image.contentType)) throw new DomainError('conflict', NOT_READY);
  const nowMs = Date.now();
  const nowSeconds = Math.floor(nowMs / 1000);
  const { token, hash } = newSecretToken();
  const shareId = randomBytes(12).toString('base64url');
  const lifetime = SHARE_EXPIRY_SECONDS[body.expiry];
  // The cap is a conditional write on the image row, taken before the link exists.
  if (!(await takeShareSlot(image, shareId, lifetime === null ? 0 : nowSeconds + lifetime, nowSeconds))) {
    throw new DomainError('conflict', TOO_MANY);
  }
  const base = { shareId, userId: principal.userId, imageId: image.imageId };
  let fileKey: string;
  try {
    fileKey = await copyShareFile(image, shareId);
  } catch (e) {
    await releaseShareSlot(base);
    throw e;
  }
  const row = {
    ...base, tokenHash: hash, ownerKey: ownerKeyOf(image.imageId, shareId), fileKey,
    created: new Date(nowMs).toISOString(), views: 0, ...(lifetime === null ? {} : { expiresAt: nowSeconds + lifetime }),
  };
  if (!(await sharesRepo.create(row))) {
    await removeShare(row);
    throw new DomainError('conflict', 'Please try again.');
  }
  logger.info('share link created', { imageId: image.imageId, shareId, expiry: body.expiry });
  return { ...toShareLink(row), url: shareUrl(token) };
});
