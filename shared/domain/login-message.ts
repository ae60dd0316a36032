import * as z from 'zod';

/** What the website tells the extension about the signed-in user. An empty payload means "logged out". */
export const LoginMessage = z.object({
  userId: z.string(),
  orgId: z.string(),
  expires: z.number().int(),
  status: z.string(),
  sub_created: z.number().int(),
  show_experimental: z.boolean().optional(),
});
export type LoginMessage = z.infer<typeof LoginMessage>;
