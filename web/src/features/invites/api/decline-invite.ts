import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';

/** declineInvite(sub, token): answers the administrator's e-mail (orgAdminEmail). */
export function declineInvite(sub: string, token: string): Promise<{ orgAdminEmail: string }> {
  return apiCall(routes.declineInvite, { body: { sub, token } });
}
