import { useQuery } from '@tanstack/react-query';
import { routes } from '#shared/api/routes';
import type { InviteDetails } from '#shared/domain/invite';
import { apiCall } from '../../../lib/api-client';

/** getInviteDetails(sub, token): who is invited (type 'temp' = no account yet) to which organisation. */
function getInviteDetails(sub: string, token: string, signal?: AbortSignal): Promise<InviteDetails> {
  return apiCall(routes.getInviteDetails, { body: { sub, token }, signal });
}

/** The invitation of the page's sub and token (none without both). A failure is logged, as the spec asks. */
export function useInviteDetails(sub: string | null, token: string | null) {
  return useQuery({
    queryKey: ['invite', sub, token],
    queryFn: ({ signal }) =>
      getInviteDetails(sub!, token!, signal).catch((e: unknown) => {
        if (!signal.aborted) console.error('Invite details could not be fetched', e);
        throw e;
      }),
    enabled: !!sub && !!token,
  });
}
