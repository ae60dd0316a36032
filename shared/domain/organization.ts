import { z } from 'zod';
import { OrgRole, OrgStatus } from './account';
import { Subscription } from './subscription';

export const Organization = z.object({
  orgId: z.string(),
  name: z.string(),
  seats: z.number().int().nonnegative().nullable(),
  subscription: Subscription.nullable(),
  adminEmail: z.string(),
});
export type Organization = z.infer<typeof Organization>;

export const Member = z.object({
  userId: z.string(),
  email: z.string(),
  orgRole: OrgRole,
  orgStatus: OrgStatus,
});
export type Member = z.infer<typeof Member>;
