import * as z from 'zod';
import { UploadGrant } from './upload-grant';

/** What the website tells the extension about the signed-in user. An empty payload means "logged out". */
export const LoginMessage = z.object({
  userId: z.string(),
  orgId: z.string(),
  expires: z.number().int(),
  status: z.string(),
  sub_created: z.number().int(),
  show_experimental: z.boolean().optional(),
  /** The extension's upload grant for "Save to library" (docs/security.md); absent when the site could not mint one. */
  upload_grant: UploadGrant.optional(),
});
export type LoginMessage = z.infer<typeof LoginMessage>;
