import { MAX_IMAGE_BYTES } from '#shared/domain/image';
import { buildLoginMessage } from '#shared/rules/login-message';
import { isPremiumEntitled } from '#shared/rules/premium-entitlement';
import {
  fitsInStorage, isStorageFull, remainingBytes, storageFullMessage, storageLimitFor, storagePlanOf, type StorageUsage,
} from '#shared/rules/storage-quota';
import { imagesRepo, type ImageRow } from '../../adapters/images-repo';
import { loadAccount, requireUserRow } from '../../account/lib/load-account';
import { config } from '../../lib/config';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { removeImage } from './own-image';

/**
 * The image library's storage quota (shared/rules/storage-quota.ts) applied to a user: their plan
 * from the same account view and Premium rule the clients use (an active Enterprise seat carries
 * the organisation's subscription, so it counts as Premium), and their usage from the images table.
 */
export async function storageUsageOf(userId: string): Promise<StorageUsage> {
  const [user, usedBytes] = await Promise.all([requireUserRow(userId), imagesRepo.usedBytes(userId)]);
  const plan = storagePlanOf(isPremiumEntitled(buildLoginMessage(await loadAccount(user))));
  return { usedBytes, plan, limitBytes: storageLimitFor(plan, limits()) };
}

const limits = () => ({ basicBytes: config.storageLimitBasicBytes(), premiumBytes: config.storageLimitPremiumBytes() });

function storageFull(usage: StorageUsage, fileBytes?: number): DomainError {
  return new DomainError('storage_full', storageFullMessage({ ...usage, premiumLimitBytes: limits().premiumBytes, fileBytes }));
}

/**
 * POST /images/, before anything is written: refuses a user at or over their limit (or whose
 * declared file would not fit), else returns the most the upload form may accept,
 * min(MAX_IMAGE_BYTES, remaining), so S3 itself refuses a file past the limit.
 */
export async function uploadLimitFor(userId: string, declaredBytes?: number): Promise<number> {
  const usage = await storageUsageOf(userId);
  if (isStorageFull(usage) || (declaredBytes !== undefined && !fitsInStorage(usage, declaredBytes))) {
    logger.info('upload refused: storage full', { ...usage, declaredBytes });
    throw storageFull(usage, declaredBytes);
  }
  return Math.min(MAX_IMAGE_BYTES, remainingBytes(usage));
}

/**
 * POST /images/{id}/, before the file is stored: checks again with the file's real size (other
 * uploads may have been finalised since the form was made). A file that does not fit is refused
 * like any other refused upload: its object and its row are removed, so nothing is stored.
 */
export async function assertUploadFits(row: ImageRow, fileBytes: number): Promise<void> {
  const usage = await storageUsageOf(row.userId);
  if (fitsInStorage(usage, fileBytes)) return;
  logger.info('upload refused', { imageId: row.imageId, code: 'storage_full', size: fileBytes, ...usage });
  await removeImage(row);
  throw storageFull(usage, fileBytes);
}
