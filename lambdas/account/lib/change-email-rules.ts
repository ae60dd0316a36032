import { cognitoAdmin, subOf } from '../../adapters/cognito-admin';
import { isAliasExists, isCodeMismatch, isExpiredCode, isTooManyAttempts } from '../../adapters/cognito-client';
import { usersRepo, type UserRow } from '../../adapters/users-repo';
import { DomainError, forbidden } from '../../lib/errors';

/** The e-mail change in two steps: change-email.ts sends the code, verify-email.ts applies it. */

export const EMAIL_TAKEN_MESSAGE = 'This email address is already used by another account.';
export const WRONG_CODE_MESSAGE = 'That code is not correct. Check the latest email we sent and try again.';
const EXPIRED_CODE_MESSAGE = 'This code has expired. Send a new code and try again.';
const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Wait a few minutes, then send a new code.';
export const NOTHING_PENDING_MESSAGE = 'There is no email change waiting for a code. Enter the new address again.';

export const emailTaken = () => new DomainError('conflict', EMAIL_TAKEN_MESSAGE);

/** Social sign-ins get their address from the provider; it cannot be changed here. */
export function assertEmailChangeable(user: UserRow): void {
  if (user.loginMethod && user.loginMethod !== 'email') {
    throw forbidden(`This account signs in with ${user.loginMethod}; its email address cannot be changed here.`);
  }
}

/** Whether another user holds the address, in the user table or in Cognito. */
export async function isEmailTaken(email: string, userId: string): Promise<boolean> {
  const row = await usersRepo.findByEmail(email);
  if (row && row.userId !== userId) return true;
  const holders = await cognitoAdmin.findByEmail(email);
  return holders.some((u) => subOf(u) !== userId);
}

/** Cognito's answers to a code, as the messages the change-email form shows. */
export function codeError(e: unknown): DomainError | undefined {
  if (isCodeMismatch(e)) return new DomainError('bad_request', WRONG_CODE_MESSAGE);
  if (isExpiredCode(e)) return new DomainError('bad_request', EXPIRED_CODE_MESSAGE);
  if (isTooManyAttempts(e)) return new DomainError('bad_request', TOO_MANY_ATTEMPTS_MESSAGE);
  if (isAliasExists(e)) return emailTaken();
  return undefined;
}
