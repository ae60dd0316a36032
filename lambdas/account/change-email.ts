import { routes } from '#shared/api/routes';
import { cognitoUsers, isAliasExists } from '../adapters/cognito-client';
import { stripe } from '../adapters/stripe-client';
import { usersRepo, type UserRow } from '../adapters/users-repo';
import { defineHandler } from '../lib/define-handler';
import { DomainError, forbidden } from '../lib/errors';
import { logger } from '../lib/logger';
import { requireUserRow } from './load-account';

export const EMAIL_TAKEN_MESSAGE = 'This email address is already used by another account.';

const emailTaken = () => new DomainError('conflict', EMAIL_TAKEN_MESSAGE);

/** Refuses an address that another user holds, in the user table or in Cognito. */
async function assertEmailFree(email: string, userId: string): Promise<void> {
  const row = await usersRepo.findByEmail(email);
  if (row && row.userId !== userId) throw emailTaken();
  const subs = await cognitoUsers.subsWithEmail(email);
  if (subs.some((sub) => sub !== userId)) throw emailTaken();
}

/** Receipts follow the new address. Stripe is not the source of truth for sign-in, so a failure is only logged. */
async function syncStripeCustomerEmail(user: UserRow, email: string): Promise<void> {
  if (!user.stripeCustomerId) return;
  try {
    await (await stripe()).customers.update(user.stripeCustomerId, { email });
  } catch (e) {
    logger.warn('change-email: Stripe customer e-mail not updated', { userId: user.userId, error: e as Error });
  }
}

/**
 * Changes the sign-in e-mail: Cognito (the address people sign in with, marked verified) and the
 * user row together. There is no transaction spanning both, so Cognito goes first and is put back
 * if the row cannot be written; the two never disagree for longer than this request.
 */
export const handler = defineHandler(routes.changeEmail, async ({ principal, body }) => {
  const user = await requireUserRow(principal.userId);
  const email = body.email; // trimmed and lower-cased by the route schema
  if (user.loginMethod && user.loginMethod !== 'email') {
    throw forbidden(`This account signs in with ${user.loginMethod}; its email address cannot be changed here.`);
  }
  if (email === user.email) return { ok: true as const };
  await assertEmailFree(email, user.userId);

  try {
    await cognitoUsers.setVerifiedEmail(user.userId, email);
  } catch (e) {
    if (isAliasExists(e)) throw emailTaken();
    throw e;
  }
  try {
    await usersRepo.update(user.userId, { email });
  } catch (e) {
    try {
      await cognitoUsers.setVerifiedEmail(user.userId, user.email);
    } catch (revertError) {
      logger.error('change-email: Cognito e-mail could not be reverted; Cognito and the user row disagree', {
        userId: user.userId, cognitoEmail: email, rowEmail: user.email, error: revertError as Error,
      });
    }
    throw e;
  }
  logger.info('change-email', { userId: user.userId });
  await syncStripeCustomerEmail(user, email);
  return { ok: true as const };
});
