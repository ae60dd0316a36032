import * as z from 'zod';

/**
 * Share links of the image library (docs/images.md "Share links"): a public address holding a
 * random token that opens one image without an account, until it expires or is revoked.
 */

/** How long a new link lives. */
export const ShareExpiry = z.enum(['1d', '7d', '30d', 'never']);
export type ShareExpiry = z.infer<typeof ShareExpiry>;
export const DEFAULT_SHARE_EXPIRY: ShareExpiry = '7d';

const DAY = 24 * 60 * 60;
/** Lifetime in seconds; null: the link lives until revoked or the image is deleted. */
export const SHARE_EXPIRY_SECONDS: Record<ShareExpiry, number | null> = { '1d': DAY, '7d': 7 * DAY, '30d': 30 * DAY, never: null };

/** Labels of the expiry choices, in the order the dialog offers them. */
export const SHARE_EXPIRY_LABELS: Record<ShareExpiry, string> = { '1d': '1 day', '7d': '7 days', '30d': '30 days', never: 'Never' };

/**
 * The token in a link: 256 random bits, base64url without padding (43 characters). The path
 * schema of the share pages checks this shape, so any other string is refused before a lookup.
 */
const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const ShareToken = z.string().regex(SHARE_TOKEN_PATTERN, 'not a share token');

/** Where a share page lives under the site (and the API): `/s/<token>`. */
export const SHARE_PATH_PREFIX = '/s/';

/**
 * The only addresses the site forwards to the API (locally; CloudFront in AWS: infra/README.md):
 * `/s/<token>` and `/s/<token>/image`, with an optional query. Anything else under `/s/`, such as
 * `/s/%2e%2e/account`, which the API's URL parser would resolve to `/account`, stays on the site.
 */
export const SHARE_FORWARDED_PATH = /^\/s\/[A-Za-z0-9_-]{43}(\/image)?(\?|$)/;

/** One active link of an image, as its owner sees it: never the token (only its hash is stored). */
export const ShareLink = z.object({
  id: z.string(),
  created: z.string().datetime(),
  /** ISO time the link stops working; null for "never". */
  expiresAt: z.string().datetime().nullable(),
  views: z.number().int().nonnegative(),
});
export type ShareLink = z.infer<typeof ShareLink>;

/** The answer to creating a link: the only time the full URL (with the token) is shown. */
export const CreatedShareLink = ShareLink.extend({ url: z.string().url() });
export type CreatedShareLink = z.infer<typeof CreatedShareLink>;

/** A user's link as staff see it in the admin tool: which image it opens, and its title. */
export const AdminShareLink = ShareLink.extend({ imageId: z.string(), imageTitle: z.string().nullable() });
export type AdminShareLink = z.infer<typeof AdminShareLink>;

/**
 * The image types a share page serves, exactly the types finalise records (PNG, JPEG, WebP, GIF,
 * AVIF). A stored type outside this list (never written by finalise) is refused, so no share can
 * serve HTML or SVG under the site's name.
 */
export const SHAREABLE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export const isShareableContentType = (t: string | null | undefined): t is (typeof SHAREABLE_CONTENT_TYPES)[number] =>
  (SHAREABLE_CONTENT_TYPES as readonly string[]).includes(t ?? '');
