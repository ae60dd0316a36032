import { z } from 'zod';

export const AdminLookupResult = z.object({
  cognito: z
    .object({
      userStatus: z.string(),
      attributes: z.object({
        sub: z.string(),
        email: z.string().optional(),
        email_verified: z.string().optional(),
        'custom:identity_id': z.string().optional(),
      }),
    })
    .nullable(),
  dbUser: z
    .object({
      userId: z.string(),
      orgId: z.string().nullable(),
      email: z.string(),
      plan: z.string().nullable(),
      subscriptionStatus: z.string().nullable(),
      created: z.string(),
      updated: z.string(),
    })
    .nullable(),
  dbOrg: z.object({ orgId: z.string(), adminEmail: z.string() }).nullable(),
  stripeCustomer: z.object({ id: z.string() }).nullable(),
});
export type AdminLookupResult = z.infer<typeof AdminLookupResult>;
