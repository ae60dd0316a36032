import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Member } from '#shared/domain/organization';
import { asError } from '../../lib/api-query';
import { getOrganizationMembers } from './api/get-organization-members';

type MembersState =
  | { status: 'loading'; members: Member[] | null }
  | { status: 'loaded'; members: Member[] }
  | { status: 'error'; members: Member[] | null; error: Error };

const membersKey = (orgId: string) => ['org-members', orgId] as const;

/**
 * The organisation's members (shared by the Overview and Members pages), with a refetch (after any
 * failed action, spec section 4) and a setter for the list an action answered.
 */
export function useMembers(orgId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: membersKey(orgId), queryFn: ({ signal }) => getOrganizationMembers(orgId, signal) });
  const members = query.data ?? null;
  const state: MembersState = query.isFetching
    ? { status: 'loading', members }
    : query.isError
      ? { status: 'error', members, error: asError(query.error) }
      : query.data
        ? { status: 'loaded', members: query.data }
        : { status: 'loading', members };

  const { refetch: refetchQuery } = query;
  const refetch = useCallback(async () => {
    await refetchQuery();
  }, [refetchQuery]);

  // An action's answer replaces the list; a fetch still in flight must not bring the old one back.
  const setMembers = useCallback(
    (next: Member[]) => {
      void queryClient.cancelQueries({ queryKey: membersKey(orgId) });
      queryClient.setQueryData(membersKey(orgId), next);
    },
    [queryClient, orgId],
  );

  return { state, members, refetch, setMembers };
}
