import { routes } from '#shared/api/routes';
import { isAliasExists, isNotAuthorized, ownEmailChange } from '../adapters/cognito-client';
import { sendEmail } from '../adapters/email';
import { accessTokenOf } from '../lib/access-token';
import { defineHandler } from '../lib/define-handler';
import { unauthorized } from '../lib/errors';
import { logger } from '../lib/logger';
import { takeEmailCodeSend } from './lib/change-email-limits';
import { assertEmailChangeable, codeError, isEmailTaken } from './lib/change-email-rules';
import { requireUserRow } from './lib/load-account';

export { EMAIL_TAKEN_MESSAGE } from './lib/change-email-rules';

/** The mail the holder of an address gets when someone asks to move their account to it. */
function ownerNotice(email: string) {
  return {
    to: email,
    kind: 'email-change-attempt',
    subject: 'Someone tried to use your e-mail address',
    text: [
      'Someone signed in to another account asked to change that account\'s e-mail address to this one.',
      'This address already belongs to your account, so nothing was changed and no code was sent.',
      '',
      'If it was you, sign in with this address instead. If not, you need to do nothing.',
    ].join('\n'),
  };
}

/**
 * POST /account/email {email}: step one of changing the sign-in e-mail. Cognito sends a code to the
 * new address and keeps the old one until POST /account/email/verify proves the code; nothing of
 * ours changes here. Sending the same address again sends a new code (the form's "Resend code").
 *
 * The answer is the same whether or not another account holds the address (no account-existence
 * oracle): for a taken address no code is sent, its holder is told by mail instead, and the code
 * step then refuses any code as wrong. Codes and notices are limited per user and per address
 * (change-email-limits.ts): 429 past the limit.
 */
export const handler = defineHandler(routes.changeEmail, async ({ principal, body, event }) => {
  const user = await requireUserRow(principal.userId);
  const email = body.email; // trimmed and lower-cased by the route schema
  assertEmailChangeable(user);
  if (email === user.email) return { ok: true as const };
  const token = accessTokenOf(event);
  await takeEmailCodeSend(user.userId, email);
  const sent = { ok: true as const, codeSentTo: email };
  if (await isEmailTaken(email, user.userId)) {
    await sendEmail(ownerNotice(email));
    logger.info('change-email: address taken, holder notified', { userId: user.userId });
    return sent;
  }
  try {
    await ownEmailChange.request(token, email);
  } catch (e) {
    if (isNotAuthorized(e)) throw unauthorized();
    if (isAliasExists(e)) {
      // Taken between the check and Cognito's own: the same answer as above.
      await sendEmail(ownerNotice(email));
      return sent;
    }
    throw codeError(e) ?? e;
  }
  logger.info('change-email: code sent', { userId: user.userId });
  return sent;
});
