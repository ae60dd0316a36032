import {
  AdminConfirmSignUpCommand, AdminCreateUserCommand, AdminDeleteUserCommand, AdminGetUserCommand, AdminListGroupsForUserCommand,
  AdminDeleteUserAttributesCommand, AdminSetUserPasswordCommand, AdminUpdateUserAttributesCommand, AdminUserGlobalSignOutCommand, ListUsersCommand, type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoFilterValue } from '#shared/rules/admin-search';
import { config } from '../lib/config';
import { cognito, isUserNotFound } from './cognito-client';

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

/** A user just created: its Cognito username (the sub in AWS, the e-mail in cognito-local) and its sub. */
export interface CreatedAccount {
  username: string;
  sub: string;
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

/** The user id everywhere else in the product: the `sub` (the username where a pool has none). */
export const subOf = (u: CognitoAdminUser): string => u.attributes.sub ?? u.username;

/** One ListUsers page with a filter (`email = "…"`, `email ^= "…"`), and the token of the next page. */
async function listPage(
  filter: { attribute: 'sub' | 'email'; op: '=' | '^='; value: string }, limit: number, paginationToken?: string,
): Promise<{ users: CognitoAdminUser[]; next?: string }> {
  const r = await cognito().send(
    new ListUsersCommand({
      UserPoolId: userPoolId(), Filter: `${filter.attribute} ${filter.op} "${cognitoFilterValue(filter.value)}"`,
      Limit: limit, PaginationToken: paginationToken,
    }),
  );
  return { users: (r.Users ?? []).map((u) => toUser(u, u.Attributes)), next: r.PaginationToken };
}

const listWhere = async (attribute: 'sub' | 'email', value: string, limit: number): Promise<CognitoAdminUser[]> =>
  (await listPage({ attribute, op: '=', value }, limit)).users;

export const cognitoAdmin = {
  /** The user whose `sub` is exactly this (ListUsers with a sub filter). */
  async findBySub(sub: string): Promise<CognitoAdminUser | undefined> {
    return (await listWhere('sub', sub, 1))[0];
  },

  /** Users whose e-mail attribute is exactly this (normally one). */
  async findByEmail(email: string): Promise<CognitoAdminUser[]> {
    return listWhere('email', email, 10);
  },

  /**
   * One page of the users whose e-mail begins with `prefix` (ListUsers `email ^= "…"`; cognito-local
   * does the same). A filtered page may hold fewer users than `limit` and still have a `next`.
   */
  async listByEmailPrefix(prefix: string, limit: number, paginationToken?: string): Promise<{ users: CognitoAdminUser[]; next?: string }> {
    return listPage({ attribute: 'email', op: '^=', value: prefix }, limit, paginationToken);
  },

  /**
   * Creates a user with a temporary password (Cognito FORCE_CHANGE_PASSWORD), the e-mail marked
   * verified (the caller vouches for it) and no welcome message (the product sends its own mail).
   * Answers the username and the sub.
   */
  async createUser(email: string, temporaryPassword: string): Promise<CreatedAccount> {
    const r = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId(), Username: email, TemporaryPassword: temporaryPassword, MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
      }),
    );
    if (!r.User?.Username) throw new Error('AdminCreateUser answered without a user');
    const user = toUser(r.User, r.User.Attributes);
    return { username: user.username, sub: subOf(user) };
  },

  /** Sets the user's password for good (the user is CONFIRMED afterwards). */
  async setPermanentPassword(username: string, password: string): Promise<void> {
    await cognito().send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId(), Username: username, Password: password, Permanent: true }),
    );
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
   * Sets the user's e-mail and marks it verified in the same call, so Cognito sends no code and
   * the user keeps signing in with it: staff verifying the current address (sent along unchanged,
   * which cognito-local insists on), or an e-mail change put back to the old address.
   */
  async setVerifiedEmail(username: string, email: string): Promise<void> {
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

/**
 * The user's name (standard `name` attribute), written with IAM: the app client may not write
 * `name` (shared/deploy/user-attributes.ts), so a user's own UpdateUserAttributes cannot store a
 * name past the rules; POST /account/name and the PostConfirmation trigger (both tidy it first)
 * are the only ways in. '' removes it. The trigger passes its event's pool: it has no USER_POOL_ID
 * (the pool refers to the trigger, so the trigger cannot refer to the pool).
 */
export const adminName = {
  async set(username: string, name: string, poolId = userPoolId()): Promise<void> {
    if (name) {
      await cognito().send(new AdminUpdateUserAttributesCommand({ UserPoolId: poolId, Username: username, UserAttributes: [{ Name: 'name', Value: name }] }));
    } else {
      await cognito().send(new AdminDeleteUserAttributesCommand({ UserPoolId: poolId, Username: username, UserAttributeNames: ['name'] }));
    }
  },
};
