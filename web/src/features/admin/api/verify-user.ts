import { routes } from '#shared/api/routes';
import type { AdminActionResult } from '#shared/domain/admin';
import { apiCall } from '../../../lib/api-client';

/** POST /admin/users/verify {cognitoSub}: confirm the sign-up and mark the e-mail verified. */
export function verifyUser(cognitoSub: string): Promise<AdminActionResult> {
  return apiCall(routes.adminVerifyUser, { body: { cognitoSub } });
}
