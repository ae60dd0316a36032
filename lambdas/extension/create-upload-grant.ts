import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';
import { mintGrant } from '../lib/grant-guard';
import { sessionKeyOf } from '../lib/session-key';

/**
 * POST /extension/grants: a new upload grant for the signed-in user (docs/security.md). The token
 * is shown once. A session that signed out gets 401 (grant-guard.ts).
 */
export const handler = defineHandler(routes.createUploadGrant, async ({ principal, event }) => {
  const grant = await mintGrant(principal.userId, sessionKeyOf(event));
  logger.info('upload grant minted', { expiresAt: grant.expiresAt });
  return grant;
});
