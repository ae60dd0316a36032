import { randomBytes } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoAdmin, type CognitoAdminUser } from '../../adapters/cognito-admin';
import { cognito } from '../../adapters/cognito-client';
import { config } from '../../lib/config';

/**
 * Creating Cognito accounts for organisations: the invitee who sets a password when accepting,
 * and an organisation's admin made by `npm run org:create`. On the shared client of
 * adapters/cognito-client.ts; lookups reuse adapters/cognito-admin.ts.
 *
 * Accounts are made with AdminCreateUser (no welcome message: the product sends its own mail),
 * the e-mail marked verified (the invitation token or the operator vouches for it). cognito-local
 * supports AdminCreateUser and AdminSetUserPassword, so the same code runs locally and in AWS.
 */

const userPoolId = () => config.userPoolId();

export interface CreatedAccount {
  /** The Cognito username (the sub in AWS and cognito-local for e-mail-as-username pools). */
  username: string;
  /** The user id everywhere else in the product. */
  sub: string;
}

/** A temporary password that satisfies the pool policy (8+, lower and upper case) with room to spare. */
export function temporaryPassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}Aa7`;
}

async function adminCreate(email: string, tempPassword: string): Promise<CreatedAccount> {
  const r = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username: email,
      TemporaryPassword: tempPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const username = r.User?.Username;
  const sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? username;
  if (!username || !sub) throw new Error('AdminCreateUser answered without a user');
  return { username, sub };
}

/** A user who must choose a new password at first sign-in (Cognito FORCE_CHANGE_PASSWORD). */
export const createUserWithTemporaryPassword = (email: string, tempPassword: string) => adminCreate(email, tempPassword);

/** Sets the user's password for good (the user is CONFIRMED afterwards). */
export async function setPermanentPassword(username: string, password: string): Promise<void> {
  await cognito().send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId(), Username: username, Password: password, Permanent: true }),
  );
}

/** A confirmed account with the password the user chose. */
export async function createUserWithPassword(email: string, password: string): Promise<CreatedAccount> {
  const account = await adminCreate(email, temporaryPassword());
  await setPermanentPassword(account.username, password);
  return account;
}

export const subOf = (u: CognitoAdminUser): string => u.attributes.sub ?? u.username;

/**
 * Cognito vouches for the address: verified with a code (or marked so when we made the account
 * for an invitation token or an operator), or given by a social provider, which verifies it.
 */
export const hasVerifiedEmail = (u: CognitoAdminUser): boolean =>
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

/** Cognito refuses a password (policy): the product's password rule explains it. */
export const isInvalidPassword = (e: unknown): boolean => e instanceof Error && e.name === 'InvalidPasswordException';
export const isUsernameExists = (e: unknown): boolean => e instanceof Error && e.name === 'UsernameExistsException';
