import { routes } from '#shared/api/routes';
import type { ResponseOf } from '#shared/api/route';
import { apiCall } from '../../../lib/api-client';

/** POST /account/email/verify: the code sent to the new address; only then the account's e-mail changes. */
export function verifyAccountEmail(code: string): Promise<ResponseOf<typeof routes.verifyAccountEmail>> {
  return apiCall(routes.verifyAccountEmail, { body: { code } });
}
