import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { Role } from '#shared/rules/account-roles';

export type { Role } from '#shared/rules/account-roles';

/**
 * Who may see what, in one place. The account provider publishes the signed-in account's roles
 * (shared/rules/account-roles.ts: user, staff, orgAdmin, orgMember, subscriber); pages ask through
 * `<Authorization>` or `useAuthorization()` instead of scattering `if (isAdmin)` checks.
 */
export const AuthorizationContext = createContext<{ roles: readonly Role[] }>({ roles: [] });

/** Named policies: what a set of roles allows. */
const POLICIES = {
  /** Org admins manage everything from the enterprise area (spec: they are redirected there). */
  'enterprise:manage': (roles: readonly Role[]) => roles.includes('orgAdmin'),
  /** Organisation members cannot change the account; they contact their administrator. */
  'account:change': (roles: readonly Role[]) => roles.includes('user') && !roles.includes('orgMember'),
  /** Going Premium makes sense for individual accounts without a live subscription. */
  'premium:offer': (roles: readonly Role[]) =>
    roles.includes('user') && !roles.includes('subscriber') && !roles.includes('orgMember') && !roles.includes('orgAdmin'),
  'admin:use': (roles: readonly Role[]) => roles.includes('staff'),
} as const;
export type Policy = keyof typeof POLICIES;

export function useAuthorization() {
  const { roles } = useContext(AuthorizationContext);
  const checkAccess = useCallback(
    ({ allowedRoles, policy }: { allowedRoles?: readonly Role[]; policy?: Policy }) => {
      if (allowedRoles && !allowedRoles.some((r) => roles.includes(r))) return false;
      if (policy && !POLICIES[policy](roles)) return false;
      return true;
    },
    [roles],
  );
  return { roles, checkAccess };
}

type AuthorizationProps = {
  children: ReactNode;
  /** Shown when access is refused (nothing by default). */
  forbiddenFallback?: ReactNode;
} & (
  | { allowedRoles: readonly Role[]; policy?: never; policyCheck?: never }
  | { policy: Policy; allowedRoles?: never; policyCheck?: never }
  | { policyCheck: boolean; allowedRoles?: never; policy?: never }
);

/** Renders its children only for callers the rule admits. */
export function Authorization({ children, forbiddenFallback = null, ...rule }: AuthorizationProps) {
  const { checkAccess } = useAuthorization();
  const allowed = 'policyCheck' in rule && rule.policyCheck !== undefined ? rule.policyCheck : checkAccess(rule);
  return <>{allowed ? children : forbiddenFallback}</>;
}
