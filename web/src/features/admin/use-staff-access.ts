import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Account } from '#shared/domain/account';
import { rolesOf, type Role } from '#shared/rules/account-roles';
import { useOwnAccount } from '../../lib/api-account';
import { errorMessageOf } from '../../lib/api-client';
import { getAccessToken, type AuthStatus } from '../../lib/auth';

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
 * (what the API checks) or users whose row says isStaff; both are read here: the shared account
 * lookup and the access token's groups.
 */
export function useStaffAccess(status: AuthStatus, userId: string | undefined): StaffAccess {
  const enabled = status === 'signedIn' && !!userId;
  const account = useOwnAccount(userId, { enabled });
  const token = useQuery({
    queryKey: ['access-token-groups', userId ?? null],
    queryFn: async () => groupsFromAccessToken(await getAccessToken()),
    enabled,
  });

  const loading = account.isPending || token.isPending;
  const { data: acc = null, error: accountError } = account;
  const { data: groups } = token;
  return useMemo(() => {
    if (!enabled) return idle;
    if (loading) return { ...idle, state: 'loading' };
    const roles = new Set<Role>(['user', ...rolesOf(acc)]);
    if (groups?.includes('staff')) roles.add('staff');
    return {
      state: 'ready',
      account: acc,
      accountError: accountError ? errorMessageOf(accountError, 'Unable to load user.') : null,
      groups: groups ?? [],
      roles: [...roles],
    };
  }, [enabled, loading, acc, accountError, groups]);
}
