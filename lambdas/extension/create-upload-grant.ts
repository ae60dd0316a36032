import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';
import { mintGrant } from '../lib/grant-guard';

/** POST /extension/grants: a new upload grant for the signed-in user (docs/security.md). The token is shown once. */
export const handler = defineHandler(routes.createUploadGrant, async ({ principal }) => {
  const grant = await mintGrant(principal.userId);
  logger.info('upload grant minted', { expiresAt: grant.expiresAt });
  return grant;
});
