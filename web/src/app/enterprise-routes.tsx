import { useMemo, type ReactNode } from 'react';
import { Outlet, redirect, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { withAccountShell } from './account-routes';
import { withQueries } from './with-queries';

/** The account provider's alert title for a failed organisation fetch (spec 000, section 8). */
const ORGANIZATION_ERROR_TITLE = 'Organization error.';
const toOverview = () => redirect(paths.enterpriseAccount.href('overview'));

/**
 * The enterprise account area (/enterprise/account/*) and invite redemption (/invites), all lazy.
 * (/enterprise itself is the marketing page, routed with the marketing pages.)
 *
 * The area runs in the account shell (auth state, account, organisation and its alerts, login
 * messages to the extension). This layer hands what the enterprise feature needs to it through
 * its session context, so the feature imports no other feature.
 */
export const enterpriseRoutes: RouteObject[] = [
  withAccountShell([
    {
      id: 'enterprise-session',
      lazy: async () => {
        const [{ useAccount }, { EnterpriseSessionContext }, { useAuth }, { AccountBilling }] = await Promise.all([
          import('../features/account/components/account-provider'),
          import('../features/enterprise/enterprise-session'),
          import('../lib/auth'),
          import('../features/billing/components/account-billing'),
        ]);

        function EnterpriseSession({ children }: { children: ReactNode }) {
          const auth = useAuth();
          const { state, account, organization, alerts, replaceAccount } = useAccount();
          const organizationError = alerts.find((a) => a.title === ORGANIZATION_ERROR_TITLE)?.message ?? null;
          const value = useMemo(
            () => ({
              authStatus: auth.status,
              accountState: state,
              account,
              organization,
              organizationError,
              replaceAccount,
              // The billing feature's AccountBilling (cancel, auto-renew, card update with
              // account_type 'organization'), shown on the Overview.
              Billing: AccountBilling,
            }),
            [auth.status, state, account, organization, organizationError, replaceAccount],
          );
          return <EnterpriseSessionContext.Provider value={value}>{children}</EnterpriseSessionContext.Provider>;
        }

        return {
          Component: function EnterpriseShell() {
            return (
              <EnterpriseSession>
                <Outlet />
              </EnterpriseSession>
            );
          },
        };
      },
      children: [
        {
          path: paths.enterpriseAccount.path,
          lazy: async () => ({ Component: (await import('../features/enterprise/routes/enterprise-account')).EnterpriseAccountLayout }),
          children: [
            { index: true, loader: toOverview, Component: () => null },
            { path: 'overview', lazy: () => import('../features/enterprise/routes/overview') },
            { path: 'members', lazy: () => import('../features/enterprise/routes/members') },
            { path: 'payment', lazy: () => import('../features/enterprise/routes/payment') },
            { path: '*', loader: toOverview, Component: () => null },
          ],
        },
      ],
    },
  ]),
  // The invite page needs the auth state only (and looks the account up itself): no account shell.
  { path: paths.invites.path, lazy: () => withQueries(import('../features/invites/routes/invites')) },
];
