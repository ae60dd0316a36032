import { unauthorized } from './errors';
import { header, type ApiEvent } from './http';

/**
 * The caller's bearer token, for the few Cognito calls that act as the user (UpdateUserAttributes,
 * VerifyUserAttribute). The authorizer has already checked it; this only takes it off the header.
 */
export function accessTokenOf(event: Pick<ApiEvent, 'headers'>): string {
  const m = /^Bearer\s+(\S+)$/i.exec(header(event, 'authorization') ?? '');
  if (!m) throw unauthorized();
  return m[1];
}
