import {
  AdminConfirmSignUpCommand, AdminDeleteUserCommand, AdminGetUserCommand, AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand, AdminUserGlobalSignOutCommand, ListUsersCommand, type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoFilterValue } from '#shared/rules/admin-search';
import { config } from '../lib/config';
import { cognito } from './cognito-client';

/**
 * The Cognito operations of the staff admin tool, on the shared client of `cognito-client.ts`.
 * Users are addressed by their Cognito username, which `findBySub` resolves: it is the sub for
 * e-mail sign-ups in AWS, the e-mail in cognito-local and `Google_…` for social sign-ins.
 */

export interface CognitoAdminUser {
  username: string;
  userStatus: string;
  enabled: boolean;
  created: string | null;
  updated: string | null;
  attributes: Record<string, string>;
}

const userPoolId = () => config.userPoolId();

const attributesOf = (list: AttributeType[] | undefined): Record<string, string> =>
  Object.fromEntries((list ?? []).filter((a) => a.Name && a.Value !== undefined).map((a) => [a.Name!, a.Value!]));

const iso = (d: Date | string | number | undefined): string | null => {
  if (d === undefined) return null;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

interface RawUser {
  Username?: string;
  UserStatus?: string;
  Enabled?: boolean;
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
}

function toUser(u: RawUser, attributes: AttributeType[] | undefined): CognitoAdminUser {
  return {
    username: u.Username ?? '',
    userStatus: u.UserStatus ?? 'UNKNOWN',
    enabled: u.Enabled ?? true,
    created: iso(u.UserCreateDate),
    updated: iso(u.UserLastModifiedDate),
    attributes: attributesOf(attributes),
  };
}

/** Cognito's answer for a username that does not exist. */
export const isUserNotFound = (e: unknown): boolean => e instanceof Error && e.name === 'UserNotFoundException';

async function listWhere(attribute: 'sub' | 'email', value: string, limit: number): Promise<CognitoAdminUser[]> {
  const r = await cognito().send(
    new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `${attribute} = "${cognitoFilterValue(value)}"`, Limit: limit }),
  );
  return (r.Users ?? []).map((u) => toUser(u, u.Attributes));
}

export const cognitoAdmin = {
  /** The user whose `sub` is exactly this (ListUsers with a sub filter). */
  async findBySub(sub: string): Promise<CognitoAdminUser | undefined> {
    return (await listWhere('sub', sub, 1))[0];
  },

  /** Users whose e-mail attribute is exactly this (normally one). */
  async findByEmail(email: string): Promise<CognitoAdminUser[]> {
    return listWhere('email', email, 10);
  },

  /** AdminGetUser by username (or alias); undefined when there is no such user. */
  async getByUsername(username: string): Promise<CognitoAdminUser | undefined> {
    try {
      const r = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
      return toUser(r, r.UserAttributes);
    } catch (e) {
      if (isUserNotFound(e)) return undefined;
      throw e;
    }
  },

  /**
   * The second factors the account has enabled and the preferred one (AdminGetUser's
   * UserMFASettingList and PreferredMfaSetting); undefined when there is no such user.
   */
  async mfaOf(username: string): Promise<{ enabled: string[]; preferred: string | null } | undefined> {
    try {
      const r = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
      return { enabled: r.UserMFASettingList ?? [], preferred: r.PreferredMfaSetting ?? null };
    } catch (e) {
      if (isUserNotFound(e)) return undefined;
      throw e;
    }
  },

  async groupsOf(username: string): Promise<string[]> {
    const r = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId(), Username: username, Limit: 60 }));
    return (r.Groups ?? []).map((g) => g.GroupName ?? '').filter(Boolean);
  },

  /** Confirms a sign-up that never entered its code (runs the PostConfirmation trigger). */
  async confirmSignUp(username: string): Promise<void> {
    await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId(), Username: username }));
  },

  /**
   * Marks the user's current e-mail verified. The address is sent along unchanged: Cognito then
   * sends no code (the address is marked verified in the same call), and cognito-local insists.
   */
  async markEmailVerified(username: string, email: string): Promise<void> {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId(), Username: username,
        UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
      }),
    );
  },

  /** Revokes the user's refresh tokens (cognito-local does not implement it: callers treat failure as a skip). */
  async globalSignOut(username: string): Promise<void> {
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username }));
  },

  async deleteUser(username: string): Promise<void> {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
  },
};
export type CognitoAdmin = typeof cognitoAdmin;
