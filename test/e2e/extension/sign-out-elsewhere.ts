import { buildPath } from '#shared/api/route';
import { endpoints } from '#shared/api/endpoints';
import type { LocalCognito } from '../../../scripts/local/cognito';
import { passwordAccessToken } from '../../../scripts/local/seed';

/**
 * Signs `email` out "elsewhere", as the site's sign-out in another browser does: a revocation of
 * every upload grant of the user (DELETE /extension/grants), from a session of its own. The
 * extension in this browser keeps its copy of the grant; only the server knows it is revoked.
 * Answers the HTTP status.
 */
export async function signOutElsewhere(cognito: Pick<LocalCognito, 'endpoint' | 'userPoolClientId'>, apiUrl: string, email: string): Promise<number> {
  const token = await passwordAccessToken(cognito, email);
  const { method, path } = endpoints.revokeUploadGrants;
  const res = await fetch(`${apiUrl.replace(/\/+$/, '')}${buildPath(path)}`, { method, headers: { authorization: `Bearer ${token}` } });
  return res.status;
}
