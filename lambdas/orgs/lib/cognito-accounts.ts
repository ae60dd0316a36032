import { randomBytes } from 'node:crypto';
import { cognitoAdmin, subOf, type CognitoAdminUser, type CreatedAccount } from '../../adapters/cognito-admin';

/**
 * Creating Cognito accounts for organisations: the invitee who sets a password when accepting,
 * and an organisation's admin made by `npm run org:create`. The Cognito calls are in
 * adapters/cognito-admin.ts.
 *
 * Accounts are made with AdminCreateUser (no welcome message: the product sends its own mail),
 * the e-mail marked verified (the invitation token or the operator vouches for it). cognito-local
 * supports AdminCreateUser and AdminSetUserPassword, so the same code runs locally and in AWS.
 */

/** A temporary password that satisfies the pool policy (8+, lower and upper case) with room to spare. */
export function temporaryPassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}Aa7`;
}

/** A confirmed account with the password the user chose. */
export async function createUserWithPassword(email: string, password: string): Promise<CreatedAccount> {
  const account = await cognitoAdmin.createUser(email, temporaryPassword());
  await cognitoAdmin.setPermanentPassword(account.username, password);
  return account;
}

/**
 * Cognito vouches for the address: verified with a code (or marked so when we made the account
 * for an invitation token or an operator), or given by a social provider, which verifies it.
 */
const hasVerifiedEmail = (u: CognitoAdminUser): boolean =>
  u.attributes.email_verified === 'true' || u.userStatus === 'EXTERNAL_PROVIDER';

export interface EmailHolders {
  /** The account whose verified e-mail this is: the only one an invitation or organisation may match. */
  verified?: CognitoAdminUser;
  /** An account that names the address without having proved it (an unconfirmed sign-up). */
  unverified?: CognitoAdminUser;
}

/** Who holds this e-mail in Cognito, split by whether they proved it. */
export async function cognitoHoldersOf(email: string): Promise<EmailHolders> {
  const users = await cognitoAdmin.findByEmail(email);
  return { verified: users.find(hasVerifiedEmail), unverified: users.find((u) => !hasVerifiedEmail(u)) };
}

/** A user row matches an address only while Cognito holds that address verified for the same user. */
export const rowIsVerifiedHolder = (userId: string, holders: EmailHolders): boolean =>
  !!holders.verified && subOf(holders.verified) === userId;
