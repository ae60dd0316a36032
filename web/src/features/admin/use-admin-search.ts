import { useCallback, useRef, useState } from 'react';
import type { AdminSearchResult } from '#shared/rules/admin-search-matches';
import { errorCodeOf, errorMessageOf } from '../../lib/api-client';
import { searchUsers } from './api/search-users';

/** Spec: admin search is idle, loading, or loaded (with a user or an error). */
export type AdminSearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'loaded'; query: string; result: AdminSearchResult }
  | { status: 'loaded'; query: string; error: string; notFound: boolean };

export const NO_MATCH_MESSAGE = 'No user matches this search.';

const failed = (query: string, e: unknown): AdminSearchState => {
  const notFound = errorCodeOf(e) === 'not_found';
  return { status: 'loaded', query, notFound, error: notFound ? NO_MATCH_MESSAGE : errorMessageOf(e, 'Error encountered.') };
};

/**
 * The search of the admin tool. `search` ignores a call while one is loading (spec: a second
 * submit while loading is ignored). `reload` fetches the shown query again without clearing the
 * panels and rejects when it cannot, so the caller can say what went wrong.
 */
export function useAdminSearch() {
  const [state, setState] = useState<AdminSearchState>({ status: 'idle' });
  const busy = useRef(false);

  const search = useCallback(async (query: string): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setState({ status: 'loading', query });
    try {
      setState({ status: 'loaded', query, result: await searchUsers(query) });
    } catch (e) {
      setState(failed(query, e));
    } finally {
      busy.current = false;
    }
    return true;
  }, []);

  const reload = useCallback(async (query: string, opts: { goneIsFine?: boolean } = {}): Promise<void> => {
    busy.current = true;
    try {
      setState({ status: 'loaded', query, result: await searchUsers(query) });
    } catch (e) {
      // After a delete, "nobody matches" is the expected answer, not a failure.
      if (opts.goneIsFine && errorCodeOf(e) === 'not_found') {
        setState(failed(query, e));
        return;
      }
      throw e;
    } finally {
      busy.current = false;
    }
  }, []);

  return { state, search, reload, isBusy: () => busy.current };
}
