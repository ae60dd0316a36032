import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { loadAccountCodeInPieces } from './load-in-pieces';
import { EnsureAppProviders } from './providers';

/**
 * Checkout at a configurable prefix (default /checkout): `/checkout` and `/checkout/:stage`
 * (account, payment, success), lazy, so Amplify and the checkout code load only here.
 */
function makeCheckoutRoutes(prefix: string = paths.checkout.path): RouteObject[] {
  return [
    {
      path: `${prefix}/:stage?`,
      lazy: async () => {
        await loadAccountCodeInPieces();
        const [{ CheckoutRoute }, { ApiQueryProvider }] = await Promise.all([
          import('../features/checkout/routes/checkout'),
          import('../lib/api-query'),
        ]);
        return {
          Component: function Checkout() {
            return (
              <EnsureAppProviders>
                <ApiQueryProvider>
                  <CheckoutRoute prefix={prefix} />
                </ApiQueryProvider>
              </EnsureAppProviders>
            );
          },
        };
      },
    },
  ];
}

export const checkoutRoutes: RouteObject[] = makeCheckoutRoutes();
