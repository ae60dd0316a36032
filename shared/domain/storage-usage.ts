import * as z from 'zod';

/** The image library's storage plan: Basic, or Premium (Premium subscribers and Enterprise seats). */
export const StoragePlan = z.enum(['basic', 'premium']);
export type StoragePlan = z.infer<typeof StoragePlan>;

/** GET /account/storage: bytes used by the user's finalised images, their limit, and the plan that sets it. */
export const StorageUsage = z.object({
  usedBytes: z.number().int().nonnegative(),
  limitBytes: z.number().int().positive(),
  plan: StoragePlan,
});
export type StorageUsage = z.infer<typeof StorageUsage>;
