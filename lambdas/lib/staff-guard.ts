import { cognitoAdmin } from '../adapters/cognito-admin';
import { forbidden } from './errors';
import { logger } from './logger';
import type { Principal } from './principal';
import { requiresTotp } from '#shared/rules/staff-totp';

/** The Cognito group the admin tool belongs to (scripts/ops/create-staff.ts adds members). */
export const STAFF_GROUP = 'staff';

const NOT_STAFF_NOW_MESSAGE = 'Staff only.';
const STAFF_MFA_MESSAGE =
  'Staff must sign in with an authenticator app (TOTP). Open /admin to set one up, then try again.';

/**
 * A staff route's caller as Cognito holds them now, not as their token (issued up to an hour ago)
 * says: still in the `staff` group (AdminListGroupsForUser), and with TOTP as the required second
 * factor (AdminGetUser). Checked on every staff request, without a cache: staff send a few requests
 * a minute, far below Cognito's admin read quota, so a removal or an MFA reset takes effect at once
 * (docs/security.md). The user row is checked before this (account-guard.ts). The username is
 * the token's; a token without one (never in practice) is looked up by its sub, which Cognito
 * accepts for e-mail sign-ups and cognito-local for every user. A federated (Google) account has no
 * Cognito TOTP and is refused.
 */
export async function assertCurrentStaff(principal: Principal): Promise<void> {
  const username = principal.username ?? principal.userId;
  const [groups, mfa] = await Promise.all([cognitoAdmin.groupsOf(username).catch(() => undefined), cognitoAdmin.mfaOf(username)]);
  if (!groups?.includes(STAFF_GROUP) || !mfa) {
    logger.warn('staff route refused: not in the staff group now', { userId: principal.userId });
    throw forbidden(NOT_STAFF_NOW_MESSAGE);
  }
  if (!requiresTotp(mfa)) {
    logger.warn('staff route refused: TOTP not required for the account', { userId: principal.userId });
    throw forbidden(STAFF_MFA_MESSAGE);
  }
}
