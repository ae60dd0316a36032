import { routes } from '#shared/api/routes';
import { cognitoAdmin } from '../adapters/cognito-admin';
import { isNotAuthorized, ownEmailChange } from '../adapters/cognito-client';
import { updateCustomerEmail } from '../adapters/stripe-customer';
import { usersRepo, type UserRow } from '../adapters/users-repo';
import { accessTokenOf } from '../lib/access-token';
import { defineHandler } from '../lib/define-handler';
import { DomainError, unauthorized } from '../lib/errors';
import { logger } from '../lib/logger';
import {
  assertEmailChangeable, codeError, emailTaken, NOTHING_PENDING_MESSAGE,
} from './lib/change-email-rules';
import { requireUserRow } from './lib/load-account';

/** Receipts follow the new address. Stripe is not the source of truth for sign-in, so a failure is only logged. */
async function syncStripeCustomerEmail(user: UserRow, email: string): Promise<void> {
  if (!user.stripeCustomerId) return;
  try {
    await updateCustomerEmail(user.stripeCustomerId, email);
  } catch (e) {
    logger.warn('verify-email: Stripe customer e-mail not updated', { userId: user.userId, error: e as Error });
  }
}

/** Puts the old (verified) address back in Cognito when our side of the change cannot be made. */
async function revertCognito(user: UserRow, attempted: string): Promise<void> {
  try {
    await cognitoAdmin.setVerifiedEmail(user.userId, user.email);
  } catch (revertError) {
    logger.error('verify-email: Cognito e-mail could not be reverted; Cognito and the user row disagree', {
      userId: user.userId, cognitoEmail: attempted, rowEmail: user.email, error: revertError as Error,
    });
  }
}

/**
 * POST /account/email/verify {code}: step two. Cognito checks the code and only then makes the
 * pending address the user's verified e-mail; the user row (which invitations and organisations
 * match on) follows. There is no transaction spanning both, so if the row cannot be written the
 * Cognito e-mail is put back and the error answered: the two never disagree past this request.
 */
export const handler = defineHandler(routes.verifyAccountEmail, async ({ principal, body, event }) => {
  const user = await requireUserRow(principal.userId);
  assertEmailChangeable(user);
  const token = accessTokenOf(event);
  try {
    await ownEmailChange.verify(token, body.code);
  } catch (e) {
    if (isNotAuthorized(e)) throw unauthorized();
    throw codeError(e) ?? e;
  }
  const now = await ownEmailChange.current(token);
  if (!now.email || !now.verified) throw new DomainError('conflict', NOTHING_PENDING_MESSAGE);
  if (now.email === user.email) return { ok: true as const, email: user.email };

  // Someone may have claimed the address (e.g. accepted an invitation) while the code was in the mail.
  const holder = await usersRepo.findByEmail(now.email);
  if (holder && holder.userId !== user.userId) {
    await revertCognito(user, now.email);
    throw emailTaken();
  }
  try {
    await usersRepo.update(user.userId, { email: now.email });
  } catch (e) {
    await revertCognito(user, now.email);
    throw e;
  }
  logger.info('change-email: verified', { userId: user.userId });
  await syncStripeCustomerEmail(user, now.email);
  return { ok: true as const, email: now.email };
});
