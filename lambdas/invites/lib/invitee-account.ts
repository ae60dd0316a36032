import { isValidPassword, PASSWORD_RULE_MESSAGE } from '#shared/rules/password-rule';
import { cognitoAdmin, subOf } from '../../adapters/cognito-admin';
import { isInvalidPassword, isUsernameExists } from '../../adapters/cognito-client';
import { usersRepo, type UserRow } from '../../adapters/users-repo';
import { DomainError } from '../../lib/errors';
import {
  cognitoHoldersOf, createUserWithPassword, rowIsVerifiedHolder,
} from '../../orgs/lib/cognito-accounts';

const passwordRefused = () => new DomainError('validation_failed', PASSWORD_RULE_MESSAGE);
export const UNVERIFIED_HOLDER_MESSAGE =
  'An account with this e-mail is not confirmed yet. Sign in to finish it, then open the invitation again.';
const unverifiedHolder = () => new DomainError('conflict', UNVERIFIED_HOLDER_MESSAGE);

/** Writes the user row of a Cognito account that has none yet (as the PostConfirmation trigger would). */
async function rowFor(sub: string, email: string, orgId: string): Promise<UserRow> {
  const now = new Date().toISOString();
  await usersRepo.createIfAbsent({ userId: sub, email: email.toLowerCase(), loginMethod: 'email', orgId, created: now, updated: now });
  const row = await usersRepo.get(sub);
  if (!row) throw new Error(`user row ${sub} missing after create`);
  return row;
}

/**
 * The account an invitation is accepted for: the existing one whose e-mail is the invited address
 * and verified in Cognito, or a new one with the password the invitee chose (temp user). An
 * address someone named without proving it (an unconfirmed sign-up, a stale row) never claims the
 * invitation. The Cognito account is created only now, confirmed, with the e-mail marked verified
 * (the token proves it). Its user row carries the org.
 */
export async function inviteeAccount(email: string, orgId: string, password: string | null, retried = false): Promise<UserRow> {
  const [existing, holders] = await Promise.all([usersRepo.findByEmail(email), cognitoHoldersOf(email)]);
  if (existing) {
    if (rowIsVerifiedHolder(existing.userId, holders)) return existing;
    throw unverifiedHolder();
  }

  const cognitoUser = holders.verified;
  if (cognitoUser) {
    if (cognitoUser.userStatus === 'CONFIRMED' || cognitoUser.userStatus === 'EXTERNAL_PROVIDER') {
      return rowFor(subOf(cognitoUser), email, orgId);
    }
    // An account made earlier that never got its password (a failure half-way, or an operator's
    // temporary password): the invitee's chosen password finishes it.
    if (cognitoUser.userStatus === 'FORCE_CHANGE_PASSWORD' && password && isValidPassword(password)) {
      await cognitoAdmin.setPermanentPassword(cognitoUser.username, password);
      return rowFor(subOf(cognitoUser), email, orgId);
    }
    throw unverifiedHolder();
  }
  if (holders.unverified) throw unverifiedHolder();

  if (!password || !isValidPassword(password)) throw passwordRefused();
  try {
    const created = await createUserWithPassword(email, password);
    return await rowFor(created.sub, email, orgId);
  } catch (e) {
    if (isInvalidPassword(e)) throw passwordRefused();
    // The same invitation accepted twice at once: the other call made the account.
    if (isUsernameExists(e) && !retried) return inviteeAccount(email, orgId, password, true);
    throw e;
  }
}
