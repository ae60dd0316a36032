import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';

/**
 * Fetch state for the signed-in pages: TanStack Query. It owns loading, error, abort (each query
 * function gets an AbortSignal, aborted when nothing observes the query any more) and the cache
 * that lets one answer (the account, its payments) serve every component that shows it.
 *
 * Only the signed-in areas import this (their route modules mount the provider), so the marketing
 * pages do not carry it. Defaults keep the behaviour the hand-written hooks had: no generic retry
 * (the account lookup has the spec's own, in api-account.ts) and no refetch on focus or reconnect.
 */
function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** Provides a query client unless an outer one already does (areas nest: account shell, checkout). */
export function ApiQueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(() => outer ?? newQueryClient());
  return outer ? <>{children}</> : <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The error of a failed query as an Error (queries may reject with anything). */
export const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/**
 * What a component needs to show a fetch: a query's result satisfies it (useQuery's), and so does
 * a plain object in a test. The shape of every query-backed component; a few still keep their own
 * loading and error state (library add-from-extension, checkout
 * success-stage) until they move onto TanStack Query.
 */
export type QueryState<T> = { status: 'pending' } | { status: 'error'; error: Error } | { status: 'success'; data: T };
