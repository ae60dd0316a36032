import type { ShareLink } from '#shared/domain/share-link';
import { SHARE_PATH_PREFIX } from '#shared/domain/share-link';
import type { ShareRow } from '../../adapters/shares-repo';
import { config } from '../../lib/config';

/** A link as its owner (and staff) see it: never the token or its hash. */
export const toShareLink = (row: ShareRow): ShareLink => ({
  id: row.shareId,
  created: row.created,
  expiresAt: row.expiresAt === undefined ? null : new Date(row.expiresAt * 1000).toISOString(),
  views: row.views ?? 0,
});

/** The public address of a link (SHARE_BASE_URL: the API's own address in AWS; locally the site, which forwards /s/). */
export const shareUrl = (token: string) => `${config.shareBaseUrl()}${SHARE_PATH_PREFIX}${token}`;

/** Newest first. */
export const byNewest = (a: ShareRow, b: ShareRow) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0);
