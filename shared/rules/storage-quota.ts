import type { StoragePlan, StorageUsage } from '../domain/storage-usage';
import { formatBytes } from './byte-size';

export type { StoragePlan, StorageUsage };

/**
 * The image library's storage quota, one rule for the API, the site and the extension. Limits are
 * set per environment (infra/environments.ts → STORAGE_LIMIT_*_BYTES); Enterprise members count as
 * Premium. Usage is the sum of the sizes of the user's finalised images (docs/images.md).
 */
/** The limits of one environment, in bytes. */
export interface StorageLimits {
  basicBytes: number;
  premiumBytes: number;
}

/** Premium entitlement (shared/rules/premium-entitlement.ts) decides the plan; Enterprise seats are Premium. */
export const storagePlanOf = (premium: boolean): StoragePlan => (premium ? 'premium' : 'basic');

export const storageLimitFor = (plan: StoragePlan, limits: StorageLimits): number =>
  plan === 'premium' ? limits.premiumBytes : limits.basicBytes;

/** Bytes that may still be stored (never negative). */
export const remainingBytes = (u: Pick<StorageUsage, 'usedBytes' | 'limitBytes'>): number => Math.max(0, u.limitBytes - u.usedBytes);

/** At or over the limit: nothing more may be uploaded. */
export const isStorageFull = (u: Pick<StorageUsage, 'usedBytes' | 'limitBytes'>): boolean => u.usedBytes >= u.limitBytes;

/** Whether a file of `bytes` fits: used + bytes ≤ limit. */
export const fitsInStorage = (u: Pick<StorageUsage, 'usedBytes' | 'limitBytes'>, bytes: number): boolean =>
  u.usedBytes + bytes <= u.limitBytes;

/** "12.3 MB of 1 GB used": the library's meter. */
export const storageUsedText = (u: Pick<StorageUsage, 'usedBytes' | 'limitBytes'>): string =>
  `${formatBytes(u.usedBytes)} of ${formatBytes(u.limitBytes)} used`;

/** Share of the limit used, 0-100 (whole percent, capped): the meter's value. */
export const storageUsedPercent = (u: Pick<StorageUsage, 'usedBytes' | 'limitBytes'>): number =>
  u.limitBytes > 0 ? Math.min(100, Math.round((u.usedBytes / u.limitBytes) * 100)) : 100;

/**
 * Why an upload is refused (the API's `storage_full` message, which the site and the extension show
 * as is). `fileBytes`: the file that does not fit, when known and the library is not full yet.
 * Basic users are told what Premium gives (`premiumLimitBytes`), when it gives more.
 */
export function storageFullMessage(u: StorageUsage & { premiumLimitBytes: number; fileBytes?: number }): string {
  const used = storageUsedText(u);
  const why =
    u.fileBytes !== undefined && !isStorageFull(u)
      ? `This image (${formatBytes(u.fileBytes)}) does not fit in your image library: ${used}.`
      : `Your image library is full: ${used}.`;
  const upgrade = u.plan === 'basic' && u.premiumLimitBytes > u.limitBytes ? `, or upgrade to Premium for ${formatBytes(u.premiumLimitBytes)}` : '';
  return `${why} Delete images to make room${upgrade}.`;
}
