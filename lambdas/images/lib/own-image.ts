import { imagesRepo, isExpired, type ImageRow } from '../../adapters/images-repo';
import { deleteObject } from '../../adapters/s3-client';
import { DomainError, notFound } from '../../lib/errors';
import { imageKeys } from './image-keys';
import { releaseStorageOf } from './storage-quota';

export const IMAGE_NOT_FOUND = 'Image not found.';

/**
 * The caller's image. Rows are keyed by the owner's id, so another user's image id is simply not
 * found: the answer is the same 404 as for an id that never existed, and nothing of theirs leaks.
 */
export async function requireOwnImage(userId: string, imageId: string): Promise<ImageRow> {
  const row = await imagesRepo.get(userId, imageId);
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  if (isExpired(row)) {
    // An abandoned upload: TTL and the lifecycle rule remove it in AWS; sweep it now, as if they had.
    await removeImage(row);
    throw notFound(IMAGE_NOT_FOUND);
  }
  return row;
}

/** PUT and DELETE carry the id in the body too (spec); it must name the image of the address. */
export function requireSameId(pathId: string, bodyId: string): void {
  if (pathId !== bodyId) throw new DomainError('bad_request', 'The id in the body does not match the address.');
}

/**
 * Removes every object of an image (upload, thumbnail upload, original, thumbnail), then its row, then gives its
 * storage back: only the call that removed the row does, so concurrent removals release it once.
 */
export async function removeImage(row: Pick<ImageRow, 'userId' | 'imageId'>): Promise<void> {
  const keys = imageKeys(row.userId, row.imageId);
  await Promise.all([keys.upload, keys.thumbUpload, keys.original, keys.thumb].map(deleteObject));
  const removed = await imagesRepo.remove(row.userId, row.imageId);
  if (removed) await releaseStorageOf(removed);
}
