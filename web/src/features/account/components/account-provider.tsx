import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Account } from '#shared/domain/account';
import type { Organization } from '#shared/domain/organization';
import { isOrgAdmin, rolesOf } from '#shared/rules/account-roles';
import { buildLoginMessage } from '#shared/rules/login-message';
import { parseShowExperimental } from '#shared/rules/show-experimental';
import { AuthorizationContext } from '../../../components/authorization';
import { Alert, type AlertSeverity } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { accountKeys, accountQuery, handedOverAccountQuery } from '../../../lib/api-account';
import { errorMessageOf } from '../../../lib/api-client';
import { asError, HandOverQueryProvider } from '../../../lib/api-query';
import { useAuth } from '../../../lib/auth';
import { useExtensionBridge } from '../../../lib/extension-bridge';
import { handOverLogin } from '../../../lib/extension-login';
import { setOrgAdminHint } from '../../../lib/stored-identity';
import { organizationKeys, organizationQuery } from '../api/get-organization';

/** Spec: account loading goes initial → loading → complete, and back to initial on sign-out. */
type AccountLoadState = 'initial' | 'loading' | 'complete';

interface AccountAlert {
  id: number;
  severity: AlertSeverity;
  title: string;
  message: string;
}

export interface AccountContextValue {
  state: AccountLoadState;
  account: Account | null;
  organization: Organization | null;
  /** The lookup failure, when the load completed without an account. */
  error: Error | null;
  alerts: AccountAlert[];
  dismissAlert: (id: number) => void;
  /** Loads the account again; rejects (after alerting) when it cannot. */
  refreshAccount: () => Promise<Account>;
  /** Takes an account a call already answered (billing actions) without a reload and its spinner. */
  replaceAccount: (account: Account) => void;
}

const AccountContext = createContext<AccountContextValue | null>(null);

export function useAccount(): AccountContextValue {
  const ctx = useContext(AccountContext);
  if (!ctx) throw new Error('useAccount must be used inside <AccountProvider>');
  return ctx;
}

let alertIds = 0;

/**
 * How long the account (and organisation) a scope loaded stays fresh for the next scope's mount:
 * the sign-in page's load serves the account page it leads to, with no second fetch. Leaving the
 * account areas empties the cache (lib/api-query.tsx HandOverQueryProvider), and inside them the
 * provider stays mounted, so nothing else reads this.
 */
const HANDED_OVER_FRESH_MS = 30_000;

/**
 * Loads the signed-in user's account when authentication becomes signedIn (with the spec's retry
 * while the account is being created), the organisation for org admins, tells the extension about
 * every account update, and clears everything when the user signs out.
 */
function AccountProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const bridge = useExtensionBridge();
  const queryClient = useQueryClient();
  const [alerts, setAlerts] = useState<AccountAlert[]>([]);
  const addAlert = useCallback((a: Omit<AccountAlert, 'id'>) => setAlerts((list) => [...list, { ...a, id: ++alertIds }]), []);
  const dismissAlert = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);

  // The account: fetched when authentication becomes signedIn (the shared lookup, with the spec's
  // retry), per user; signing out drops it (and cancels a lookup in flight, so it cannot come back).
  const userId = auth.status === 'signedIn' ? (auth.user?.userId ?? null) : null;
  const lookup = useQuery({ ...handedOverAccountQuery(userId), enabled: !!userId, staleTime: HANDED_OVER_FRESH_MS });
  const account = userId ? (lookup.data ?? null) : null;
  const error = userId && lookup.isError && !lookup.data ? asError(lookup.error) : null;
  const state: AccountLoadState = !userId ? 'initial' : lookup.isFetching || lookup.isPending ? 'loading' : 'complete';

  useEffect(() => {
    if (auth.status !== 'signedOut') return;
    queryClient.removeQueries({ queryKey: accountKeys.all });
    queryClient.removeQueries({ queryKey: organizationKeys.all });
    setAlerts([]);
  }, [auth.status, queryClient]);

  // Each failed lookup alerts once.
  const alertedAt = useRef(0);
  useEffect(() => {
    if (!userId || !lookup.errorUpdatedAt || alertedAt.current === lookup.errorUpdatedAt) return;
    alertedAt.current = lookup.errorUpdatedAt;
    addAlert({ severity: 'error', title: 'Something went wrong', message: 'Unable to retrieve account information' });
  }, [userId, lookup.errorUpdatedAt, addAlert]);

  const refreshAccount = useCallback(
    () => (userId ? queryClient.fetchQuery({ ...accountQuery(userId), staleTime: 0 }) : Promise.reject(new Error('Not signed in.'))),
    [userId, queryClient],
  );

  // The header offers "Enterprise account" to organisation admins on every page (lib/stored-identity.ts).
  useEffect(() => {
    if (account) setOrgAdminHint(account.userId, isOrgAdmin(account));
    else if (auth.status === 'signedOut') setOrgAdminHint(null, false);
  }, [account, auth.status]);

  // Organisation details: only for orgRole 'admin' with an orgId; a failure alerts once.
  const orgId = account && isOrgAdmin(account) ? account.orgId : null;
  const orgLookup = useQuery({ ...organizationQuery(orgId), enabled: !!orgId, staleTime: HANDED_OVER_FRESH_MS });
  const organization: Organization | null = orgId ? (orgLookup.data ?? null) : null;
  const orgAlertedAt = useRef(0);
  useEffect(() => {
    if (!orgId || !orgLookup.errorUpdatedAt || orgAlertedAt.current === orgLookup.errorUpdatedAt) return;
    orgAlertedAt.current = orgLookup.errorUpdatedAt;
    addAlert({ severity: 'error', title: 'Organization error.', message: errorMessageOf(orgLookup.error, 'Error encountered.') });
  }, [orgId, orgLookup.errorUpdatedAt, orgLookup.error, addAlert]);

  // Login event: every account update tells the extension who is signed in (again when the
  // page's showExperimental flag changes, since the message carries it).
  // Never from the sign-out page, which loads the account too (lib/extension-login.ts).
  const { search, pathname } = useLocation();
  const showExperimental = parseShowExperimental(new URLSearchParams(search).get('showExperimental'));
  const signOutPage = pathname.replace(/\/+$/, '') === paths.authSignOut.path;
  useEffect(() => {
    if (!account || !bridge || signOutPage) return;
    void handOverLogin(bridge, buildLoginMessage(account, showExperimental));
  }, [account, bridge, showExperimental, signOutPage]);

  const replaceAccount = useCallback((next: Account) => queryClient.setQueryData(accountQuery(next.userId).queryKey, next), [queryClient]);
  const value = useMemo<AccountContextValue>(
    () => ({ state, account, organization, error, alerts, dismissAlert, refreshAccount, replaceAccount }),
    [state, account, organization, error, alerts, dismissAlert, refreshAccount, replaceAccount],
  );
  const roles = useMemo(() => ({ roles: rolesOf(account) }), [account]);

  return (
    <AccountContext.Provider value={value}>
      <AuthorizationContext.Provider value={roles}>{children}</AuthorizationContext.Provider>
    </AccountContext.Provider>
  );
}

/** The provider's alerts (lookup and organisation failures), each dismissable. */
function AccountAlerts() {
  const { alerts, dismissAlert } = useAccount();
  if (alerts.length === 0) return null;
  return (
    <div className="account-alerts">
      {alerts.map((a) => (
        <div key={a.id} className="account-alerts__item">
          <Alert severity={a.severity} title={a.title}>
            {a.message}
          </Alert>
          <button type="button" className="account-alerts__dismiss" onClick={() => dismissAlert(a.id)} aria-label={`Dismiss: ${a.title}`}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** The signed-in scope every account area renders in: the query cache (handed from one mount to the next), the account provider and its alerts. */
export function AccountScope({ children }: { children: ReactNode }) {
  return (
    <HandOverQueryProvider>
      <AccountProvider>
        <AccountAlerts />
        {children}
      </AccountProvider>
    </HandOverQueryProvider>
  );
}
