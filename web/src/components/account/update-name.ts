import { routes } from '#shared/api/routes';
import type { ResponseOf } from '#shared/api/route';
import { apiCall } from '../../lib/api-client';

/** POST /account/name: the name the site greets the user by ('' clears it). */
export function updateAccountName(name: string): Promise<ResponseOf<typeof routes.updateAccountName>> {
  return apiCall(routes.updateAccountName, { body: { name } });
}
