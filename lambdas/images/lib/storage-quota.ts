import { MAX_IMAGE_BYTES } from '#shared/domain/image';
import { buildLoginMessage } from '#shared/rules/login-message';
import { isPremiumEntitled } from '#shared/rules/premium-entitlement';
import {
  fitsInStorage, isStorageFull, remainingBytes, storageFullMessage, storageLimitFor, storagePlanOf, type StorageUsage,
} from '#shared/rules/storage-quota';
import { imagesRepo, type ImageRow } from '../../adapters/images-repo';
import { storageCounter, type StorageCounter } from '../../adapters/storage-counter';
import { loadAccount, requireUserRow } from '../../account/lib/load-account';
import { config } from '../../lib/config';
import { DomainError, unauthorized } from '../../lib/errors';
import { logger } from '../../lib/logger';

/**
 * The image library's storage quota (shared/rules/storage-quota.ts) applied to a user: their plan
 * from the same account view and Premium rule the clients use (an active Enterprise seat carries
 * the organisation's subscription, so it counts as Premium), and their usage from the counter on
 * their user row (lambdas/adapters/storage-counter.ts). Every step that adds bytes does so with a
 * conditional write on that counter, so concurrent uploads cannot pass the limit together.
 */

/**
 * Uploads one user may have pending at once. Each holds an entry on the user row (≈ 60 bytes of
 * its 400 KB), and a split capture of MAX_IMAGE_PARTS (100) is saved one part at a time.
 */
const MAX_PENDING_UPLOADS = 200;
const TOO_MANY_PENDING = `You have ${MAX_PENDING_UPLOADS} uploads in progress. Wait for them to finish, then try again.`;

/** Attempts at a reservation that another request keeps beating: each loss means that request got room. */
const RESERVE_ATTEMPTS = 8;

const limits = () => ({ basicBytes: config.storageLimitBasicBytes(), premiumBytes: config.storageLimitPremiumBytes() });

async function planOf(userId: string): Promise<Pick<StorageUsage, 'plan' | 'limitBytes'>> {
  const plan = storagePlanOf(isPremiumEntitled(buildLoginMessage(await loadAccount(await requireUserRow(userId)))));
  return { plan, limitBytes: storageLimitFor(plan, limits()) };
}

/** The user's counter; a row from before the counter gets one started from their finalised images. */
async function counterOf(userId: string): Promise<StorageCounter> {
  const found = await storageCounter.read(userId);
  if (found) return found;
  await storageCounter.start(userId, await imagesRepo.usedBytes(userId));
  const started = await storageCounter.read(userId);
  // No user row (deleted meanwhile): the account guard's answer.
  if (!started) throw unauthorized();
  return started;
}

const reservedBytes = (c: StorageCounter) => Object.values(c.reservations).reduce((sum, r) => sum + r.bytes, 0);

/** Releases reservations whose upload expired (TTL may have removed the row without telling us). */
async function releaseExpired(userId: string, c: StorageCounter, nowSeconds: number): Promise<boolean> {
  const expired = Object.entries(c.reservations).filter(([, r]) => r.until <= nowSeconds);
  await Promise.all(expired.map(([imageId, r]) => storageCounter.release(userId, imageId, r)));
  return expired.length > 0;
}

function storageFull(usage: StorageUsage, fileBytes?: number): DomainError {
  return new DomainError('storage_full', storageFullMessage({ ...usage, premiumLimitBytes: limits().premiumBytes, fileBytes }));
}

/**
 * GET /account/storage: the bytes of the caller's finalised images (uploads in progress hold room
 * but are not shown as used), their limit and plan.
 */
export async function storageUsageOf(userId: string): Promise<StorageUsage> {
  const [plan, counter] = await Promise.all([planOf(userId), counterOf(userId)]);
  return { usedBytes: Math.max(0, counter.totalBytes - reservedBytes(counter)), ...plan };
}

/**
 * POST /images/, before the pending row is written: reserves room for the upload on the counter,
 * the declared `size` or else min(MAX_IMAGE_BYTES, room left), and returns it: the most the upload
 * form may accept, so S3 itself refuses more. A user at or over their limit (or whose declared file
 * does not fit beside their images and pending uploads) is refused with storage_full.
 */
export async function reserveUpload(userId: string, imageId: string, until: number, declaredBytes?: number): Promise<number> {
  const plan = await planOf(userId);
  let counter = await counterOf(userId);
  if (await releaseExpired(userId, counter, Math.floor(Date.now() / 1000))) counter = await counterOf(userId);
  for (let attempt = 0; ; attempt++) {
    // Pending uploads count: room they hold is not free.
    const usage = { usedBytes: counter.totalBytes, ...plan };
    if (isStorageFull(usage) || (declaredBytes !== undefined && !fitsInStorage(usage, declaredBytes)) || attempt === RESERVE_ATTEMPTS) {
      logger.info('upload refused: storage full', { ...usage, declaredBytes, attempt });
      throw storageFull(usage, declaredBytes);
    }
    if (Object.keys(counter.reservations).length >= MAX_PENDING_UPLOADS) throw new DomainError('too_many_requests', TOO_MANY_PENDING);
    const bytes = declaredBytes !== undefined ? Math.min(MAX_IMAGE_BYTES, Math.max(1, declaredBytes)) : Math.min(MAX_IMAGE_BYTES, remainingBytes(usage));
    const limitBytes = plan.limitBytes;
    if (await storageCounter.reserve(userId, imageId, { bytes, until }, { limitBytes, maxPending: MAX_PENDING_UPLOADS })) return bytes;
    counter = await counterOf(userId); // another upload changed the counter first: look again
  }
}

/**
 * POST /images/{id}/, once the file is checked and before it is stored: counts the file's real
 * size, once per call. A reserved upload turns its reservation into that size (never more: the form
 * was capped at the reservation). Without one (a row from before the counter, or a reservation
 * another finalise of the same image has settled) the size is added only if it fits. Throws
 * storage_full when it does not. The caller gives the size back if it then stores nothing.
 */
export async function settleUpload(row: ImageRow, fileBytes: number): Promise<void> {
  const reserved = row.reservedBytes;
  if (reserved !== undefined && fileBytes <= reserved && (await storageCounter.settle(row.userId, row.imageId, { bytes: reserved, until: 0 }, fileBytes))) {
    return;
  }
  const plan = await planOf(row.userId);
  await counterOf(row.userId);
  if (await storageCounter.addIfFits(row.userId, fileBytes, plan.limitBytes)) return;
  const counter = await counterOf(row.userId);
  const usage = { usedBytes: counter.totalBytes, ...plan };
  logger.info('upload refused', { imageId: row.imageId, code: 'storage_full', size: fileBytes, ...usage });
  throw storageFull(usage, fileBytes);
}

/** A finalise that counted `fileBytes` (settleUpload) and then stored nothing gives them back. */
export const unsettleUpload = (row: Pick<ImageRow, 'userId'>, fileBytes: number) => storageCounter.subtract(row.userId, fileBytes);

/** An image row just removed: gives back what it held (a pending upload's reservation, a finalised image's size). */
export async function releaseStorageOf(removed: ImageRow): Promise<void> {
  if (removed.status === 'ready') {
    if (typeof removed.size === 'number') await storageCounter.subtract(removed.userId, removed.size);
  } else if (removed.reservedBytes !== undefined) {
    await storageCounter.release(removed.userId, removed.imageId, { bytes: removed.reservedBytes });
  }
}
