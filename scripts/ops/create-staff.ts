import {
  AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminGetUserCommand, AdminListGroupsForUserCommand,
  AdminSetUserMFAPreferenceCommand, InvalidParameterException, UserNotFoundException,
  type AdminGetUserCommandOutput, type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { UserRow } from '../../lambdas/adapters/users-repo';
import { STAFF_GROUP } from '../../lambdas/lib/staff-guard';
import { requiresTotp } from '#shared/rules/staff-totp';

/** The part of lambdas/adapters/users-repo the script needs (the real repo in use, a table in tests). */
interface StaffUsersRepo {
  get(userId: string): Promise<UserRow | undefined>;
  createIfAbsent(row: UserRow): Promise<boolean>;
  update(userId: string, fields: Partial<Omit<UserRow, 'userId' | 'created'>>): Promise<UserRow>;
}

export interface CreateStaffOptions {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  users: StaffUsersRepo;
  email: string;
  /** Where the staff member signs in, for the printed steps. */
  siteUrl: string;
  /** Cognito generates and e-mails one when omitted (the normal case). */
  temporaryPassword?: string;
  log: (line: string) => void;
}

type MfaState = 'required' | 'pending-totp-setup';

export interface CreateStaffResult {
  userId: string;
  mfa: MfaState;
  /** The Cognito user was made by this run (with `temporaryPassword` when one was given). */
  created: boolean;
  /** Things created or changed: 0 on a repeated run. */
  changes: number;
}

const attr = (u: AdminGetUserCommandOutput, name: string) => u.UserAttributes?.find((a) => a.Name === name)?.Value;

async function getUser(c: CognitoIdentityProviderClient, userPoolId: string, email: string) {
  try {
    return await c.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  } catch (e) {
    if (e instanceof UserNotFoundException || (e as { name?: string }).name === 'UserNotFoundException') return undefined;
    throw e;
  }
}

/** The staff guard's own rule (lambdas/lib/staff-guard.ts): TOTP enabled and preferred. */
const totpRequired = (u: AdminGetUserCommandOutput) =>
  requiresTotp({ enabled: u.UserMFASettingList ?? [], preferred: u.PreferredMfaSetting ?? null });

/**
 * Makes `email` a staff member: the Cognito user (created and invited if missing), the `staff`
 * group, the user row with isStaff (AdminCreateUser runs no PostConfirmation trigger, so the row
 * is written here), and TOTP required at every sign-in once the member has registered an
 * authenticator. Idempotent: a second run finds everything and changes nothing.
 */
export async function createStaff(o: CreateStaffOptions): Promise<CreateStaffResult> {
  const email = o.email.trim().toLowerCase();
  let changes = 0;
  let user = await getUser(o.cognito, o.userPoolId, email);
  const created = !user;
  if (user) {
    o.log(`Cognito user      found ${email} (${user.UserStatus})`);
  } else {
    await o.cognito.send(new AdminCreateUserCommand({
      UserPoolId: o.userPoolId, Username: email,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
      DesiredDeliveryMediums: ['EMAIL'],
      ...(o.temporaryPassword ? { TemporaryPassword: o.temporaryPassword } : {}),
    }));
    changes++;
    user = (await getUser(o.cognito, o.userPoolId, email))!;
    o.log(o.temporaryPassword
      ? `Cognito user      created ${email} with the given temporary password (valid 7 days)`
      : `Cognito user      created ${email}: Cognito e-mailed a temporary password (valid 7 days)`);
  }
  const userId = attr(user, 'sub');
  if (!userId) throw new Error(`Cognito user ${email} has no sub attribute`);
  // With e-mail sign-in the pool's own username is a generated id; later calls use it, not the alias.
  const username = user.Username ?? email;

  const groups = await o.cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: o.userPoolId, Username: username }));
  if (groups.Groups?.some((g) => g.GroupName === STAFF_GROUP)) {
    o.log(`Group ${STAFF_GROUP}       already a member`);
  } else {
    await o.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: o.userPoolId, Username: username, GroupName: STAFF_GROUP }));
    changes++;
    o.log(`Group ${STAFF_GROUP}       added`);
  }

  const now = new Date().toISOString();
  const row = await o.users.get(userId);
  if (!row) {
    await o.users.createIfAbsent({ userId, email, loginMethod: 'email', isStaff: true, created: now, updated: now });
    changes++;
    o.log(`User row          created ${userId} with isStaff`);
  } else if (!row.isStaff) {
    await o.users.update(userId, { isStaff: true });
    changes++;
    o.log(`User row          isStaff set on ${userId}`);
  } else {
    o.log(`User row          found ${userId}, isStaff already set`);
  }

  const mfa = await requireTotp(o, user, username);
  if (mfa.changed) changes++;
  return { userId, mfa: mfa.state, created, changes };
}

async function requireTotp(o: CreateStaffOptions, user: AdminGetUserCommandOutput, username: string): Promise<{ state: MfaState; changed: boolean }> {
  if (totpRequired(user)) {
    o.log('MFA               TOTP already required at every sign-in');
    return { state: 'required', changed: false };
  }
  try {
    await o.cognito.send(new AdminSetUserMFAPreferenceCommand({
      UserPoolId: o.userPoolId, Username: username,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }));
    o.log('MFA               TOTP now required at every sign-in');
    return { state: 'required', changed: true };
  } catch (e) {
    // Cognito refuses to turn TOTP on before the member has registered and verified an authenticator.
    // cognito-local 5.3 lacks the call altogether; there the member's own enrolment at /admin,
    // which makes TOTP their preferred factor, is the only way, as it is the usual one in AWS.
    const name = (e as { name?: string }).name;
    const pending = e instanceof InvalidParameterException || name === 'InvalidParameterException' || name === 'Unsupported';
    if (!pending) throw e;
    for (const line of totpSetupSteps(o)) o.log(line);
    return { state: 'pending-totp-setup', changed: false };
  }
}

/** What happens next while MFA is pending (printed by the script). */
function totpSetupSteps(o: Pick<CreateStaffOptions, 'email' | 'siteUrl' | 'temporaryPassword'>): string[] {
  const password = o.temporaryPassword ? 'their temporary password' : 'the temporary password from the e-mail';
  return [
    'MFA               PENDING: no authenticator registered yet. Next:',
    `  1. ${o.email} signs in at ${o.siteUrl}/auth/signin with ${password} and chooses a password.`,
    `  2. They open ${o.siteUrl}/admin: it shows a QR code for an authenticator app and asks for one of its codes.`,
    '     That makes TOTP their required second factor: Cognito asks for a code at every sign-in from then on.',
    '  Until then every staff route answers 403 for this account. Run this script again to check (it changes nothing).',
  ];
}
