import { useEffect, useState } from 'react';
import type { Account } from '#shared/domain/account';
import { rolesOf, type Role } from '#shared/rules/account-roles';
import { errorMessageOf } from '../../lib/api-client';
import { getAccessToken, type AuthStatus } from '../../lib/auth';
import { lookupOwnAccount } from './api/lookup-own-account';

/** The `cognito:groups` claim of an access token (a JWT); none when it cannot be read. */
export function groupsFromAccessToken(token: string | undefined): string[] {
  const payload = token?.split('.')[1];
  if (!payload) return [];
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const groups = (JSON.parse(json) as Record<string, unknown>)['cognito:groups'];
    return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
  } catch {
    return [];
  }
}

export interface StaffAccess {
  /** 'loading' until both the account and the token's groups are known. */
  state: 'idle' | 'loading' | 'ready';
  account: Account | null;
  accountError: string | null;
  groups: string[];
  /** The roles the authorization policies check: the account's, plus staff from the `staff` group. */
  roles: Role[];
}

const idle: StaffAccess = { state: 'idle', account: null, accountError: null, groups: [], roles: [] };

/**
 * Who the signed-in user is to the admin tool. Staff are members of the Cognito group `staff`
 * (what the API checks) or users whose row says isStaff; both are read here.
 */
export function useStaffAccess(status: AuthStatus, userId: string | undefined): StaffAccess {
  const [access, setAccess] = useState<StaffAccess>(idle);

  useEffect(() => {
    if (status !== 'signedIn') {
      setAccess(idle);
      return;
    }
    let cancelled = false;
    setAccess({ ...idle, state: 'loading' });
    void Promise.allSettled([lookupOwnAccount(), getAccessToken()]).then(([account, token]) => {
      if (cancelled) return;
      const acc = account.status === 'fulfilled' ? account.value : null;
      const groups = token.status === 'fulfilled' ? groupsFromAccessToken(token.value) : [];
      const roles = new Set<Role>(['user', ...rolesOf(acc)]);
      if (groups.includes('staff')) roles.add('staff');
      setAccess({
        state: 'ready',
        account: acc,
        accountError: account.status === 'rejected' ? errorMessageOf(account.reason, 'Unable to load user.') : null,
        groups,
        roles: [...roles],
      });
    });
    return () => {
      cancelled = true;
    };
  }, [status, userId]);

  return access;
}
