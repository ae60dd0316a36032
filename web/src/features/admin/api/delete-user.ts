import { routes } from '#shared/api/routes';
import type { AdminActionResult } from '#shared/domain/admin';
import { apiCall } from '../../../lib/api-client';

/** DELETE /admin/users/delete {cognitoSub}: answers type 'success' or 'error' with a message. */
export function deleteUser(cognitoSub: string): Promise<AdminActionResult> {
  return apiCall(routes.adminDeleteUser, { body: { cognitoSub } });
}
