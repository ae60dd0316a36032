import { lazy, useEffect, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Outlet } from 'react-router-dom';
import { paths } from '../config/paths';
import { loadAccountCodeInPieces } from './load-in-pieces';
import { EnsureAppProviders } from './providers';

/**
 * The signed-in shell: a pathless layout route that makes sure the site-wide providers are there
 * (page rules, extension bridge) and adds the account provider (auth state, account,
 * organisation, login messages to the extension) with its alerts. Lazy, so Amplify and the
 * account code download only with the routes inside it.
 *
 * Other signed-in areas (checkout, enterprise account, admin) wrap their routes with it too:
 * `withAccountShell([...routes])`; inside, `useAccount()` and `<Authorization>` work.
 */
/** The account scope's code (in pieces, see load-in-pieces.ts) and its stylesheet. Runs once. */
let accountScope: Promise<(props: { children: ReactNode }) => ReactNode> | undefined;
function loadAccountScope() {
  accountScope ??= loadAccountCodeInPieces().then(async () => {
    const [{ AccountScope }] = await Promise.all([
      import('../features/account/components/account-provider'),
      import('../features/account/account.css'),
    ]);
    return AccountScope;
  });
  return accountScope;
}

/**
 * The account scope on its own, for a page outside the shell that needs it only once someone is
 * signed in (the sign-in page: the account load hands the extension its login and grant).
 */
const SignedInScope = lazy(async () => {
  const AccountScope = await loadAccountScope();
  return { default: () => <AccountScope>{null}</AccountScope> };
});

export function withAccountShell(children: RouteObject[]): RouteObject {
  return {
    lazy: async () => {
      const AccountScope = await loadAccountScope();
      return {
        Component: function AccountShell() {
          useWhenIdle(prefetchSignOut);
          return (
            <EnsureAppProviders>
              <AccountScope>
                <Outlet />
              </AccountScope>
            </EnsureAppProviders>
          );
        },
      };
    },
    children,
  };
}

/**
 * Sign-out's page and the home page it shows next, loaded ahead on every signed-in page: the
 * signed-out site then shows without fetching code (issue #31).
 */
const prefetchSignOut = () =>
  void Promise.all([import('../features/auth/routes/sign-out'), import('../features/marketing/routes/home')]).catch(() => undefined);

/** Runs `run` once when the browser is idle after mounting. */
function useWhenIdle(run: () => void) {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const t = setTimeout(run, 2000);
      return () => clearTimeout(t);
    }
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, [run]);
}

/** Routes of the signed-in part of the site (auth, account, connect, _test), all lazy. */
export const accountRoutes: RouteObject[] = [
  // Outside the shell: the form does not wait for the account code (zod, the API's schemas), which
  // loads only once someone is signed in, or when the browser is idle (sign-in.tsx).
  {
    path: paths.authSignIn.path,
    lazy: async () => {
      const { SignInRoute } = await import('../features/auth/routes/sign-in');
      return { Component: () => <SignInRoute SignedInScope={SignedInScope} warmAccountScope={loadAccountScope} /> };
    },
  },
  withAccountShell([
    {
      path: paths.account.path,
      lazy: async () => {
        await loadAccountCodeInPieces();
        const [{ AccountRoute }, { AccountBilling }] = await Promise.all([
          import('../features/account/routes/account'),
          import('../features/billing/components/account-billing'),
        ]);
        return { Component: () => <AccountRoute Billing={AccountBilling} /> };
      },
    },
    { path: paths.authSignOut.path, lazy: async () => ({ Component: (await import('../features/auth/routes/sign-out')).Component }) },
    { path: paths.connect.path, lazy: async () => ({ Component: (await import('../features/auth/routes/connect')).Component }) },
    { path: paths.test.path, lazy: async () => ({ Component: (await import('../features/auth/routes/extension-test')).Component }) },
  ]),
];
