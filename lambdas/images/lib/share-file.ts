import type { ImageRow } from '../../adapters/images-repo';
import { copyObject, deleteObject } from '../../adapters/s3-client';
import { sharesRepo, type ShareRow } from '../../adapters/shares-repo';
import { releaseShareSlot } from './share-cap';

/**
 * Each link serves its own copy of the image file, under a key made of the link's own random id.
 * The image's key holds the owner's account id (`users/<sub>/images/<id>/original`), which a
 * presigned URL shows to anyone holding the link: with it, links of one person could be tied
 * together, and the sub is the id invitations and staff search use. Images never change under
 * their key, so a copy made once stays right. Copies are not counted in the storage quota.
 */
const SHARE_FILE_PREFIX = 'shares/';
export const shareFileKey = (shareId: string) => `${SHARE_FILE_PREFIX}${shareId}`;

/** Makes the link's copy of the image's file; returns its key. */
export async function copyShareFile(image: Pick<ImageRow, 'objectKey'>, shareId: string): Promise<string> {
  const key = shareFileKey(shareId);
  await copyObject(image.objectKey, key);
  return key;
}

/** The key a public page may name for this link: its copy, made now for a link from before copies. */
export async function shareFileOf(share: ShareRow, image: Pick<ImageRow, 'objectKey'>): Promise<string | undefined> {
  if (share.fileKey) return share.fileKey;
  const key = await copyShareFile(image, share.shareId);
  if (await sharesRepo.setFileKey(share.tokenHash, key)) return key;
  // Revoked meanwhile: nothing may outlive the link.
  await deleteObject(key);
  return undefined;
}

/** Removes a link: its row (the token stops working at once), its file copy, and its slot on the image. */
export async function removeShare(share: ShareRow): Promise<void> {
  await sharesRepo.remove(share.tokenHash);
  await deleteObject(share.fileKey ?? shareFileKey(share.shareId));
  await releaseShareSlot(share);
}

/** Removes every link of a user, or of one image (image and account deletion); the count removed. */
export async function removeAllShares(userId: string, imageId?: string): Promise<number> {
  const rows = await sharesRepo.listByOwner(userId, imageId);
  // A few at a time: quick, and not throttled.
  for (let i = 0; i < rows.length; i += 8) await Promise.all(rows.slice(i, i + 8).map(removeShare));
  return rows.length;
}
