import { randomBytes } from 'node:crypto';

/**
 * A new image id: the creation time in base 36 (fixed width, so ids sort by time) and 72 random
 * bits. The images table's sort key is this id, so a query returns a user's images in creation order.
 */
export function newImageId(now = Date.now()): string {
  return now.toString(36).padStart(9, '0') + randomBytes(9).toString('base64url');
}

/** Where unchecked uploads land; an S3 lifecycle rule expires what is left there (infra data stack). */
export const UPLOAD_PREFIX = 'uploads/';
/** Where checked objects live, per user. */
const USER_PREFIX = 'users/';

/** Every prefix a user's objects live under: what deleting a user's data may touch. */
export const userKeyPrefixes = (userId: string): string[] => [`${USER_PREFIX}${userId}/`, `${UPLOAD_PREFIX}${userId}/`];

/**
 * Where an image's objects live:
 * - `upload`: what the presigned POST writes, under `uploads/<userId>/` so that one lifecycle rule
 *   sweeps abandoned uploads (deleted on finalise, when the checked copy becomes `original`);
 * - `original`: the checked file, written by the finalise function, under `users/<userId>/`;
 * - `thumbUpload`: where the extension's editor may upload the thumbnail it made (its own presigned
 *   POST), beside the upload and swept alike; finalise checks it and stores it as `thumb`;
 * - `thumb`: the WebP thumbnail, beside the original.
 */
export function imageKeys(userId: string, imageId: string) {
  const base = `${USER_PREFIX}${userId}/images/${imageId}`;
  const upload = `${UPLOAD_PREFIX}${userId}/${imageId}`;
  return { upload, thumbUpload: `${upload}.thumb`, original: `${base}/original`, thumb: `${base}/thumb.webp` };
}
