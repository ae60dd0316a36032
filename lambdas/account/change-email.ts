import { routes } from '#shared/api/routes';
import { ownEmailChange } from '../adapters/cognito-client';
import { accessTokenOf } from '../lib/access-token';
import { defineHandler } from '../lib/define-handler';
import { unauthorized } from '../lib/errors';
import { logger } from '../lib/logger';
import { assertEmailChangeable, assertEmailFree, codeError, isNotAuthorized } from './change-email-rules';
import { requireUserRow } from './load-account';

export { EMAIL_TAKEN_MESSAGE } from './change-email-rules';

/**
 * POST /account/email {email}: step one of changing the sign-in e-mail. Cognito sends a code to the
 * new address and keeps the old one until POST /account/email/verify proves the code; nothing of
 * ours changes here. Sending the same address again sends a new code (the form's "Resend code").
 */
export const handler = defineHandler(routes.changeEmail, async ({ principal, body, event }) => {
  const user = await requireUserRow(principal.userId);
  const email = body.email; // trimmed and lower-cased by the route schema
  assertEmailChangeable(user);
  if (email === user.email) return { ok: true as const };
  await assertEmailFree(email, user.userId);
  try {
    await ownEmailChange.request(accessTokenOf(event), email);
  } catch (e) {
    if (isNotAuthorized(e)) throw unauthorized();
    throw codeError(e) ?? e;
  }
  logger.info('change-email: code sent', { userId: user.userId });
  return { ok: true as const, codeSentTo: email };
});
