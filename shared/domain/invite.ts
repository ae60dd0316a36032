import { z } from 'zod';

export const InviteDetails = z.object({
  user: z.object({ email: z.string(), type: z.enum(['temp', 'user']) }),
  organization: z.object({ name: z.string(), orgId: z.string() }),
});
export type InviteDetails = z.infer<typeof InviteDetails>;
