import { routes } from '#shared/api/routes';
import type { InviteDetails } from '#shared/domain/invite';
import { apiCall } from '../../../lib/api-client';

/** getInviteDetails(sub, token): who is invited (type 'temp' = no account yet) to which organisation. */
export function getInviteDetails(sub: string, token: string, signal?: AbortSignal): Promise<InviteDetails> {
  return apiCall(routes.getInviteDetails, { body: { sub, token }, signal });
}
