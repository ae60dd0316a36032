import * as z from 'zod';

/**
 * An upload grant: what the site hands the extension so the editor can save to the library
 * without holding Cognito tokens (docs/security.md). It allows exactly: create an image for its
 * user and finalise it. Sent on `UPLOAD_GRANT_HEADER`.
 */
export const UPLOAD_GRANT_HEADER = 'x-upload-grant';

/**
 * Two hours: a working session of captures and saves without a round trip to the site, short
 * enough that a grant copied off a profile is dead the same afternoon. The site mints a new one
 * whenever it tells the extension who is signed in, so an expired grant costs one sign-in page visit.
 */
export const UPLOAD_GRANT_LIFETIME_SECONDS = 2 * 60 * 60;

/** 256 random bits, base64url: 43 characters. */
export const UploadGrantToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const UploadGrant = z.object({
  token: UploadGrantToken,
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
  /** The API the grant is good for (the site's own `apiUrl`), so the extension needs no build-time API address. */
  apiUrl: z.string().url(),
});
export type UploadGrant = z.infer<typeof UploadGrant>;
