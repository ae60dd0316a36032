import { Navigate, NavLink, Outlet } from 'react-router-dom';
import { isOrgAdmin } from '#shared/rules/account-roles';
import { Button } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useEnterpriseSession } from '../enterprise-session';
import '../enterprise.css';

const sections = [
  { section: 'overview', label: 'Overview' },
  { section: 'members', label: 'Manage members' },
  { section: 'payment', label: 'Payment history' },
] as const;

function Loading({ label }: { label: string }) {
  return (
    <div className="enterprise enterprise--loading">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/**
 * /enterprise/account: the organisation admin's area, a 224px sidebar (Overview, Manage members,
 * Payment history) beside the section. Without an organisation (and without an organisation
 * error) it redirects to /account; with an organisation error (alerted by the account shell)
 * the section gives way to a way to try again.
 */
export function EnterpriseAccountLayout() {
  usePageTitle('Enterprise account');
  const { authStatus, accountState, account, organization, organizationError } = useEnterpriseSession();

  if (authStatus === 'loading') return <Loading label="Checking your sign-in…" />;
  if (authStatus === 'signedOut') return <Navigate to={paths.account.href()} replace />;
  if (accountState !== 'complete') return <Loading label="Loading your account…" />;
  if (!organization && !organizationError) {
    // Org admins' organisation is on its way; everyone else has none here.
    if (account && isOrgAdmin(account)) return <Loading label="Loading your organization…" />;
    return <Navigate to={paths.account.href()} replace />;
  }

  return (
    <div className="enterprise">
      <aside className="enterprise__sidebar" aria-label="Enterprise account">
        <p className="enterprise__org-name">{organization?.name ?? account?.orgName ?? 'Organization'}</p>
        <nav>
          <ul className="enterprise__nav">
            {sections.map(({ section, label }) => (
              <li key={section}>
                <NavLink
                  to={paths.enterpriseAccount.href(section)}
                  className={({ isActive }) => (isActive ? 'enterprise__link enterprise__link--active' : 'enterprise__link')}
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="enterprise__content">
        {organizationError ? (
          // The account shell shows the alert itself ('Organization error.' with its message).
          <section className="enterprise-card" aria-label="Organization unavailable">
            <p>Your organization could not be loaded.</p>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </section>
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}
