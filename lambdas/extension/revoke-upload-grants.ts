import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';
import { revokeGrants } from '../lib/grant-guard';

/** DELETE /extension/grants: sign-out revokes every upload grant of the caller, so the extension can save no more. */
export const handler = defineHandler(routes.revokeUploadGrants, async ({ principal }) => {
  const revoked = await revokeGrants(principal.userId);
  logger.info('upload grants revoked', { revoked });
  return { ok: true as const, revoked };
});
