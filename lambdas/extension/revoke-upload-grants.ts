import { routes } from '#shared/api/routes';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';
import { revokeGrants } from '../lib/grant-guard';
import { sessionKeyOf } from '../lib/session-key';

/**
 * DELETE /extension/grants: sign-out. Revokes every upload grant of the caller, so the extension
 * can save no more, and marks the caller's session as signed out, so it mints none again.
 */
export const handler = defineHandler(routes.revokeUploadGrants, async ({ principal, event }) => {
  const revoked = await revokeGrants(principal.userId, sessionKeyOf(event));
  logger.info('upload grants revoked', { revoked });
  return { ok: true as const, revoked };
});
