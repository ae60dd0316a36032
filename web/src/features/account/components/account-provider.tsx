import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Account } from '#shared/domain/account';
import type { Organization } from '#shared/domain/organization';
import { isOrgAdmin, rolesOf } from '#shared/rules/account-roles';
import { buildLoginMessage } from '#shared/rules/login-message';
import { parseShowExperimental } from '#shared/rules/show-experimental';
import { AuthorizationContext } from '../../../components/authorization';
import { Alert, type AlertSeverity } from '../../../components/ui/alert';
import { errorMessageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useExtensionBridge } from '../../../lib/extension-bridge';
import { setOrgAdminHint } from '../../../lib/stored-identity';
import { getOrganization } from '../api/get-organization';
import { lookupAccountWithRetry } from '../api/lookup-account';

/** Spec: account loading goes initial → loading → complete, and back to initial on sign-out. */
export type AccountLoadState = 'initial' | 'loading' | 'complete';

export interface AccountAlert {
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
 * Loads the signed-in user's account when authentication becomes signedIn (with the spec's retry
 * while the account is being created), the organisation for org admins, tells the extension about
 * every account update, and clears everything when the user signs out.
 */
export function AccountProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const bridge = useExtensionBridge();
  const [state, setState] = useState<AccountLoadState>('initial');
  const [account, setAccount] = useState<Account | null>(null);
  const [organization, setOrganization] = useState<Organization | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [alerts, setAlerts] = useState<AccountAlert[]>([]);
  // Bumped on sign-out so a lookup still in flight cannot bring the old account back.
  const generation = useRef(0);

  const addAlert = useCallback((a: Omit<AccountAlert, 'id'>) => setAlerts((list) => [...list, { ...a, id: ++alertIds }]), []);
  const dismissAlert = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);

  const refreshAccount = useCallback(async () => {
    const gen = generation.current;
    setState('loading');
    try {
      const next = await lookupAccountWithRetry();
      if (gen === generation.current) {
        setAccount(next);
        setError(null);
        setState('complete');
      }
      return next;
    } catch (e) {
      if (gen === generation.current) {
        addAlert({ severity: 'error', title: 'Something went wrong', message: 'Unable to retrieve account information' });
        setError(e instanceof Error ? e : new Error(String(e)));
        setState('complete');
      }
      throw e;
    }
  }, [addAlert]);

  // Fetch when authentication becomes signedIn; clear when it returns to signed-out.
  useEffect(() => {
    if (auth.status === 'signedIn' && state === 'initial') {
      refreshAccount().catch(() => {});
    } else if (auth.status === 'signedOut' && state !== 'initial') {
      generation.current++;
      setAccount(null);
      setOrganization(null);
      setError(null);
      setAlerts([]);
      setState('initial');
    }
  }, [auth.status, state, refreshAccount]);

  // The header offers "Enterprise account" to organisation admins on every page (lib/stored-identity.ts).
  useEffect(() => {
    if (account) setOrgAdminHint(account.userId, isOrgAdmin(account));
    else if (auth.status === 'signedOut') setOrgAdminHint(null, false);
  }, [account, auth.status]);

  // Organisation details: only for orgRole 'admin' with an orgId.
  const orgId = account && isOrgAdmin(account) ? account.orgId : null;
  useEffect(() => {
    if (!orgId) {
      setOrganization(null);
      return;
    }
    const abort = new AbortController();
    getOrganization(orgId, abort.signal)
      .then(setOrganization)
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        addAlert({ severity: 'error', title: 'Organization error.', message: errorMessageOf(e, 'Error encountered.') });
      });
    return () => abort.abort();
  }, [orgId, addAlert]);

  // Login event: every account update tells the extension who is signed in (again when the
  // page's showExperimental flag changes, since the message carries it).
  const { search } = useLocation();
  const showExperimental = parseShowExperimental(new URLSearchParams(search).get('showExperimental'));
  useEffect(() => {
    if (!account || !bridge) return;
    void bridge.sendLogin(buildLoginMessage(account, showExperimental));
  }, [account, bridge, showExperimental]);

  const replaceAccount = useCallback((next: Account) => setAccount(next), []);
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
export function AccountAlerts() {
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
