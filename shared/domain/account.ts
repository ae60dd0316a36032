import * as z from 'zod';
import { Card, Payment, Subscription } from './subscription';

export const OrgRole = z.enum(['admin', 'member']);
export type OrgRole = z.infer<typeof OrgRole>;
export const OrgStatus = z.enum(['active', 'invited', 'deactivated', 'archived']);
export type OrgStatus = z.infer<typeof OrgStatus>;
export const AbTestGroup = z.enum(['A', 'B']);
export type AbTestGroup = z.infer<typeof AbTestGroup>;

export const Account = z.object({
  userId: z.string(),
  customerId: z.string().nullable(),
  stripe_customer: z.string().nullable(),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  orgRole: OrgRole.nullable(),
  orgStatus: OrgStatus.nullable(),
  orgAdminEmail: z.string().nullable(),
  email: z.string(),
  isStaff: z.boolean(),
  status: z.string().nullable(),
  subscription: Subscription.nullable(),
  card: Card.nullable(),
  payments: z.array(Payment).optional(),
  abTestV2: AbTestGroup.optional(),
  /** Whether a Premium checkout would start with the free trial (one per customer; the server decides). */
  trialEligible: z.boolean().optional(),
  type: z.enum(['organization', 'user']),
});
export type Account = z.infer<typeof Account>;
