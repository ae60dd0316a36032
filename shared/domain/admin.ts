import * as z from 'zod';

/**
 * The staff admin tool's data. The spec's fields of the lookup result (cognito: attributes sub,
 * email, email_verified, custom:identity_id and userStatus; dbUser: userId, orgId, email, plan
 * fields, created and updated; dbOrg: orgId, adminEmail; stripeCustomer: id) are all here; the
 * other fields are extras that help staff answer a support request.
 */

export const AdminCognitoUser = z.object({
  userStatus: z.string(),
  /** Cognito's username (the sub for e-mail sign-ups in AWS, the provider id for social ones). */
  username: z.string().optional(),
  enabled: z.boolean().optional(),
  created: z.string().nullable().optional(),
  updated: z.string().nullable().optional(),
  groups: z.array(z.string()).optional(),
  attributes: z
    .object({
      sub: z.string(),
      email: z.string().optional(),
      email_verified: z.string().optional(),
      'custom:identity_id': z.string().optional(),
    })
    // Any other attribute the pool holds (name, identities…), shown as it is.
    .catchall(z.string()),
});
export type AdminCognitoUser = z.infer<typeof AdminCognitoUser>;

export const AdminDbUser = z.object({
  userId: z.string(),
  orgId: z.string().nullable(),
  email: z.string(),
  /** Plan fields: the plan of the user's own subscription, its status and dates (unix seconds). */
  plan: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  subscriptionId: z.string().nullable().optional(),
  currentPeriodEnd: z.number().nullable().optional(),
  trialEnd: z.number().nullable().optional(),
  cancelAtPeriodEnd: z.boolean().nullable().optional(),
  stripeCustomerId: z.string().nullable().optional(),
  loginMethod: z.string().optional(),
  isStaff: z.boolean().optional(),
  abTestV2: z.string().optional(),
  created: z.string(),
  updated: z.string(),
});
export type AdminDbUser = z.infer<typeof AdminDbUser>;

export const AdminDbOrg = z.object({
  orgId: z.string(),
  adminEmail: z.string(),
  name: z.string().optional(),
  seats: z.number().nullable().optional(),
  seatsUsed: z.number().optional(),
  subscriptionStatus: z.string().nullable().optional(),
  /** The looked-up user's member item in this organisation. */
  memberRole: z.string().nullable().optional(),
  memberStatus: z.string().nullable().optional(),
});
export type AdminDbOrg = z.infer<typeof AdminDbOrg>;

export const AdminStripeCustomer = z.object({
  id: z.string(),
  email: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  created: z.number().optional(),
  deleted: z.boolean().optional(),
  /** How it was found: the user row's customer id, or a match on the e-mail. */
  foundBy: z.enum(['userRow', 'email', 'query']).optional(),
});
export type AdminStripeCustomer = z.infer<typeof AdminStripeCustomer>;

export const AdminLookupResult = z.object({
  cognito: AdminCognitoUser.nullable(),
  dbUser: AdminDbUser.nullable(),
  dbOrg: AdminDbOrg.nullable(),
  stripeCustomer: AdminStripeCustomer.nullable(),
  /** Sources that could not be read (the others are still answered). */
  warnings: z.array(z.string()).optional(),
});
export type AdminLookupResult = z.infer<typeof AdminLookupResult>;

/** Spec: the verify and delete answers carry type ('success' or otherwise) and message. */
export const AdminActionResult = z.object({
  type: z.enum(['success', 'error']),
  message: z.string(),
});
export type AdminActionResult = z.infer<typeof AdminActionResult>;

export const AdminAuditAction = z.enum(['verify', 'delete', 'revoke-share']);
export type AdminAuditAction = z.infer<typeof AdminAuditAction>;

/** One entry of the audit trail: who did what to whom, when, and how it went. */
export const AdminAuditRecord = z.object({
  recordId: z.string(),
  createdAt: z.string(),
  action: AdminAuditAction,
  actorUserId: z.string(),
  actorEmail: z.string().nullable(),
  targetUserId: z.string(),
  targetEmail: z.string().nullable(),
  result: z.enum(['success', 'error']),
  message: z.string(),
  /** What each step did (delete: stripe, cognito, images, org, user row). */
  steps: z.array(z.object({ step: z.string(), outcome: z.enum(['done', 'skipped', 'failed']), detail: z.string().optional() })).optional(),
});
export type AdminAuditRecord = z.infer<typeof AdminAuditRecord>;

export const ADMIN_AUDIT_PAGE_MAX = 100;

export const AdminAuditList = z.object({
  records: z.array(AdminAuditRecord),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type AdminAuditList = z.infer<typeof AdminAuditList>;
