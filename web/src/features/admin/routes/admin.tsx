import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { checkAdminSearch } from '#shared/rules/admin-search';
import { Authorization, AuthorizationContext } from '../../../components/authorization';
import { Alert } from '../../../components/ui/alert';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { totpIsRequired } from '../api/authenticator';
import { AdminActions } from '../components/admin-actions';
import { AdminHeader } from '../components/admin-header';
import { AuditList } from '../components/audit-list';
import { DebugDump } from '../components/debug-dump';
import { LookupPanels } from '../components/lookup-panels';
import { NonStaffView } from '../components/non-staff-view';
import { SearchForm } from '../components/search-form';
import { SearchMatches } from '../components/search-matches';
import { TotpEnrolment } from '../components/totp-enrolment';
import { UserShares } from '../components/user-shares';
import { subjectOf, useAdminActions } from '../use-admin-actions';
import { useAdminSearch } from '../use-admin-search';
import { useStaffAccess } from '../use-staff-access';
import '../admin.css';

function Loading() {
  return (
    <div className="admin-page admin-page--loading">
      <Spinner size="lg" label="Loading…" showLabel />
    </div>
  );
}

/**
 * /admin and /ziggy: the staff admin tool. Query `q` runs a search on load (the tool's own links
 * point at /ziggy?q=…); `debug=1` adds a dump of the auth state, user and account.
 */
export function AdminRoute() {
  usePageTitle('Admin');
  const auth = useAuth();
  const access = useStaffAccess(auth.status, auth.user?.userId);
  const [params] = useSearchParams();
  const debug = params.get('debug') === '1';
  const roles = useMemo(() => ({ roles: access.roles }), [access.roles]);

  const dump = debug ? <DebugDump auth={auth} account={access.account} groups={access.groups} accountError={access.accountError} /> : null;

  if (auth.status === 'loading' || (auth.status === 'signedIn' && access.state !== 'ready')) return <Loading />;
  if (auth.status === 'signedOut') {
    return (
      <div className="admin-page">
        <NonStaffView signedIn={false} />
        {dump}
      </div>
    );
  }
  return (
    <AuthorizationContext.Provider value={roles}>
      <Authorization
        policy="admin:use"
        forbiddenFallback={
          <div className="admin-page">
            <NonStaffView signedIn />
            {dump}
          </div>
        }
      >
        <StaffTotpGate userId={auth.user?.userId ?? ''} email={auth.user?.email || access.account?.email || ''} debugPanel={dump} />
      </Authorization>
    </AuthorizationContext.Provider>
  );
}

/**
 * Staff use the tool only with TOTP as their required second factor (the staff routes check it
 * in Cognito on every call); until then the first visit enrols an authenticator right here.
 */
function StaffTotpGate({ userId, email, debugPanel }: { userId: string; email: string; debugPanel: ReactNode }) {
  const queryClient = useQueryClient();
  const key = ['staff-totp-required', userId];
  const required = useQuery({ queryKey: key, queryFn: totpIsRequired, staleTime: Infinity, retry: 1 });
  const [justEnrolled, setJustEnrolled] = useState(false);
  if (required.isPending) return <Loading />;
  // Unreadable (a federated account has no Cognito TOTP): show the tool; its calls say why they are refused.
  if (required.data === false) {
    return (
      <div className="admin-page">
        <TotpEnrolment
          email={email}
          onEnrolled={() => {
            setJustEnrolled(true);
            queryClient.setQueryData(key, true);
          }}
        />
        {debugPanel}
      </div>
    );
  }
  const notice = justEnrolled ? (
    <Alert severity="success" title="Authenticator set up">
      From now on every sign-in asks for a code from the app.
    </Alert>
  ) : null;
  return <AdminTool email={email} debugPanel={debugPanel} notice={notice} />;
}

function AdminTool({ email, debugPanel, notice }: { email: string; debugPanel: ReactNode; notice?: ReactNode }) {
  const config = useRuntimeConfig();
  const [params, setParams] = useSearchParams();
  const paramQ = params.get('q') ?? '';
  const { state, search, reload, isBusy } = useAdminSearch();
  const [formError, setFormError] = useState<string | null>(null);
  const [auditKey, setAuditKey] = useState(0);
  const onAudited = useCallback(() => setAuditKey((k) => k + 1), []);
  const actions = useAdminActions({ reload, onAudited });
  const { clearNotices } = actions;
  // The query last searched, so an address change runs a search once.
  const lastRun = useRef<string | null>(null);

  // `q` in the address runs the search: on load, and when a /ziggy?q= link or the back button changes it.
  useEffect(() => {
    const check = checkAdminSearch(paramQ);
    if (check.kind === 'empty') return;
    if (check.kind === 'invalid') {
      setFormError(check.message);
      return;
    }
    if (check.query === lastRun.current || isBusy()) return;
    lastRun.current = check.query;
    setFormError(null);
    clearNotices();
    void search(check.query);
  }, [paramQ, state.status, search, isBusy, clearNotices]);

  const onSubmit = (raw: string) => {
    const check = checkAdminSearch(raw);
    if (check.kind === 'empty') return; // spec: an empty query does nothing
    if (check.kind === 'invalid') {
      setFormError(check.message);
      return;
    }
    if (isBusy()) return; // spec: a second submit while loading is ignored
    setFormError(null);
    clearNotices();
    lastRun.current = check.query;
    void search(check.query);
    if (check.query !== paramQ) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('q', check.query);
          return next;
        },
        { preventScrollReset: true },
      );
    }
  };

  const loading = state.status === 'loading';
  const result = state.status === 'loaded' && 'result' in state ? state.result : null;
  const shownQuery = state.status === 'idle' ? '' : state.query;

  return (
    <div className="admin-page admin-page--tool">
      <AdminHeader email={email} />
      {notice}
      <SearchForm initial={paramQ} loading={loading} error={formError} onSubmit={onSubmit} />

      <div className="admin-notices" aria-live="polite">
        {actions.notices.map((n) => (
          <div key={n.id} className="admin-notices__item">
            <Alert severity={n.severity} title={n.title}>
              {n.message}
            </Alert>
            <button type="button" className="admin-notices__dismiss" onClick={() => actions.dismiss(n.id)} aria-label={`Dismiss: ${n.title}`}>
              ×
            </button>
          </div>
        ))}
      </div>

      {loading && (
        <div className="admin-page__searching">
          <Spinner label="Searching…" showLabel />
        </div>
      )}
      {state.status === 'loaded' && 'error' in state && (
        <Alert severity={state.notFound ? 'info' : 'error'} title={state.notFound ? state.error : 'Search failed'}>
          {state.notFound ? <>Nothing in Cognito, DynamoDB or Stripe for “{state.query}”.</> : state.error}
        </Alert>
      )}
      {result && (
        <>
          {result.warnings && result.warnings.length > 0 && (
            <Alert severity="warning" title="Some sources could not be read">
              <ul>
                {result.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </Alert>
          )}
          {result.matches ? (
            <SearchMatches query={shownQuery} matches={result.matches} more={!!result.moreMatches} />
          ) : (
            <>
              {config?.env === 'local' && <p className="admin-muted small">Console links point at AWS and Stripe; the local stack has no console of its own.</p>}
              <LookupPanels result={result} config={config} />
              <AdminActions
                result={result}
                pending={actions.pending}
                onVerify={() => void actions.verify(result, shownQuery)}
                onDelete={() => void actions.remove(result, shownQuery)}
              />
              {subjectOf(result).sub && <UserShares sub={subjectOf(result).sub!} label={subjectOf(result).label} onAudited={onAudited} />}
            </>
          )}
        </>
      )}

      <AuditList refreshKey={auditKey} />
      {debugPanel}
    </div>
  );
}

export { AdminRoute as Component };
