import { createHash } from 'node:crypto';
import type { ApiEvent } from './http';

/**
 * Which sign-in session an access token belongs to, hashed: Cognito's `origin_jti` (one per
 * session, kept by every refresh; AWS with token revocation on), else `auth_time` (the time of the
 * sign-in itself, also kept by refreshes in AWS; cognito-local has no `origin_jti`). Undefined when
 * the token carries neither. Sign-out marks the session as ended (grant-guard.ts), so nothing
 * issued to that session can mint upload grants afterwards.
 */
export function sessionKeyOf(event: ApiEvent): string | undefined {
  const claims = event.requestContext?.authorizer?.jwt?.claims ?? {};
  const origin = claims.origin_jti;
  const authTime = claims.auth_time;
  const raw = typeof origin === 'string' && origin ? `origin_jti:${origin}`
    : (typeof authTime === 'string' || typeof authTime === 'number') && String(authTime) ? `auth_time:${String(authTime)}`
      : undefined;
  return raw && createHash('sha256').update(raw).digest('hex');
}
