import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect, useState, type ReactNode } from 'react';

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

/**
 * One client shared by every mount of a scope that hands its data to the next (the account scope:
 * the sign-in page's, then the account shell's, so a sign-in landing on /account fetches the
 * account once). It is emptied when the last such provider unmounts and no other has mounted by the
 * end of that task, so leaving the area and coming back starts afresh, as a client of its own would.
 */
const handedOver: { client: QueryClient | null; mounted: number } = { client: null, mounted: 0 };

const handOverQueryClient = (): QueryClient => (handedOver.client ??= newQueryClient());

/**
 * For a lookup outside the scope (the header's): the hand-over client while a scope is mounted, so
 * the lookup joins the scope's; else a client of its own, so nothing it caches outlives the page
 * (the next scope would take it as fresh, e.g. the account from before an invitation was accepted).
 */
export const queryClientBesideHandOver = (): QueryClient => (handedOver.mounted > 0 ? handOverQueryClient() : newQueryClient());

/** Like ApiQueryProvider, with the hand-over client above when no outer client is there. */
export function HandOverQueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(() => outer ?? handOverQueryClient());
  useEffect(() => {
    if (outer) return;
    handedOver.mounted++;
    return () => {
      // Not at once: a route change unmounts one scope in the commit that mounts the next, whose
      // effects run in the same task.
      if (--handedOver.mounted === 0) queueMicrotask(() => handedOver.mounted === 0 && client.clear());
    };
  }, [outer, client]);
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
