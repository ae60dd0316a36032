import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';

/** acceptInvite(sub, token, newAccountPassword or null): joins the organisation; answers the account's e-mail. */
export function acceptInvite(sub: string, token: string, newAccountPassword: string | null): Promise<{ orgId: string; email: string }> {
  return apiCall(routes.acceptInvite, { body: { sub, token, newAccountPassword } });
}
