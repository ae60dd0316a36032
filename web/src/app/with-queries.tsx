import type { ComponentType } from 'react';

/**
 * A lazy route module's page, inside the query provider (lib/api-query.tsx) when no outer area
 * (the account shell, checkout) provides one. Used by the signed-in pages outside the account
 * shell; the provider's code loads with the page, never with the marketing pages.
 */
export async function withQueries(page: Promise<{ Component: ComponentType }>): Promise<{ Component: ComponentType }> {
  const [{ Component: Page }, { ApiQueryProvider }] = await Promise.all([page, import('../lib/api-query')]);
  return {
    Component: function WithQueries() {
      return (
        <ApiQueryProvider>
          <Page />
        </ApiQueryProvider>
      );
    },
  };
}
