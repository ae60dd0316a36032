import { useCallback, useEffect, useRef, useState } from 'react';
import type { Member } from '#shared/domain/organization';
import { getOrganizationMembers } from './api/get-organization-members';

export type MembersState =
  | { status: 'loading'; members: Member[] | null }
  | { status: 'loaded'; members: Member[] }
  | { status: 'error'; members: Member[] | null; error: Error };

/** The organisation's members, with a refetch (after any failed action, spec section 4) and a setter. */
export function useMembers(orgId: string) {
  const [state, setState] = useState<MembersState>({ status: 'loading', members: null });
  const latest = useRef(0);

  const refetch = useCallback(async () => {
    const call = ++latest.current;
    setState((s) => ({ status: 'loading', members: s.members }));
    try {
      const members = await getOrganizationMembers(orgId);
      if (call === latest.current) setState({ status: 'loaded', members });
    } catch (e) {
      if (call === latest.current) setState((s) => ({ status: 'error', members: s.members, error: e as Error }));
    }
  }, [orgId]);

  useEffect(() => {
    void refetch();
    return () => {
      latest.current++;
    };
  }, [refetch]);

  const setMembers = useCallback((members: Member[]) => {
    latest.current++;
    setState({ status: 'loaded', members });
  }, []);

  return { state, members: state.members, refetch, setMembers };
}
