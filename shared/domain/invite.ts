import * as z from 'zod';

/** Invite details: who is invited (type 'temp' = no account yet) to which organisation. */
export const InviteDetails = z.object({
  user: z.object({ email: z.string(), type: z.enum(['temp', 'user']) }),
  organization: z.object({ name: z.string(), orgId: z.string() }),
});
export type InviteDetails = z.infer<typeof InviteDetails>;

/** The one answer for an expired, used, revoked or wrong invitation (404), so none can be told apart. */
export const INVITE_NOT_FOUND = 'invite not found';
