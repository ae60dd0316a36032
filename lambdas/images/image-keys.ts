import { randomBytes } from 'node:crypto';

/**
 * A new image id: the creation time in base 36 (fixed width, so ids sort by time) and 72 random
 * bits. The images table's sort key is this id, so a query returns a user's images in creation order.
 */
export function newImageId(now = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomBytes(9).toString('base64url');
}

/**
 * Where an image's objects live, all under the owner's prefix `users/<userId>/`:
 * - `upload`: what the presigned PUT writes (unchecked, replaced by `original` on finalise);
 * - `original`: the checked file, written by the finalise function;
 * - `thumb`: the WebP thumbnail.
 */
export function imageKeys(userId: string, imageId: string) {
  const base = `users/${userId}/images/${imageId}`;
  return { upload: `${base}/upload`, original: `${base}/original`, thumb: `${base}/thumb.webp` };
}
