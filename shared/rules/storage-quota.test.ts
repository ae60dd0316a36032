import { describe, expect, it } from 'vitest';
import { GB, MB } from './byte-size';
import {
  fitsInStorage, isStorageFull, remainingBytes, storageFullMessage, storageLimitFor, storagePlanOf, storageUsedPercent, storageUsedText,
} from './storage-quota';

const limits = { basicBytes: GB, premiumBytes: 10 * GB };

describe('storage quota', () => {
  it('gives Premium (and so Enterprise seats) the Premium limit, everyone else Basic', () => {
    expect(storageLimitFor(storagePlanOf(true), limits)).toBe(10 * GB);
    expect(storageLimitFor(storagePlanOf(false), limits)).toBe(GB);
  });

  it('counts what remains, full at or over the limit, and fits a file up to the last byte', () => {
    expect(remainingBytes({ usedBytes: 300 * MB, limitBytes: GB })).toBe(724 * MB);
    expect(remainingBytes({ usedBytes: 2 * GB, limitBytes: GB })).toBe(0);
    expect(isStorageFull({ usedBytes: GB - 1, limitBytes: GB })).toBe(false);
    expect(isStorageFull({ usedBytes: GB, limitBytes: GB })).toBe(true);
    expect(fitsInStorage({ usedBytes: GB - MB, limitBytes: GB }, MB)).toBe(true);
    expect(fitsInStorage({ usedBytes: GB - MB, limitBytes: GB }, MB + 1)).toBe(false);
  });

  it('shows usage as "X of Y used" and a capped percentage', () => {
    expect(storageUsedText({ usedBytes: 12.3 * MB, limitBytes: GB })).toBe('12.3 MB of 1 GB used');
    expect(storageUsedPercent({ usedBytes: GB / 4, limitBytes: GB })).toBe(25);
    expect(storageUsedPercent({ usedBytes: 2 * GB, limitBytes: GB })).toBe(100);
  });

  it('tells a full Basic user how to make room, Premium included', () => {
    expect(storageFullMessage({ usedBytes: 1.2 * GB, limitBytes: GB, plan: 'basic', premiumLimitBytes: 10 * GB })).toBe(
      'Your image library is full: 1.2 GB of 1 GB used. Delete images to make room, or upgrade to Premium for 10 GB.',
    );
  });

  it('does not offer Premium to Premium users', () => {
    expect(storageFullMessage({ usedBytes: 10 * GB, limitBytes: 10 * GB, plan: 'premium', premiumLimitBytes: 10 * GB })).toBe(
      'Your image library is full: 10 GB of 10 GB used. Delete images to make room.',
    );
  });

  it('names the file that does not fit while there is still room for smaller ones', () => {
    expect(storageFullMessage({ usedBytes: 1000 * MB, limitBytes: GB, plan: 'basic', premiumLimitBytes: 10 * GB, fileBytes: 25 * MB })).toBe(
      'This image (25 MB) does not fit in your image library: 1000 MB of 1 GB used. Delete images to make room, or upgrade to Premium for 10 GB.',
    );
  });
});
