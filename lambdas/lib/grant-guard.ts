/** Upload grants (docs/security.md): minted, resolved for the grant routes, revoked. The guard of the grant routes. */
import { UPLOAD_GRANT_LIFETIME_SECONDS, UploadGrantToken } from '#shared/domain/upload-grant';
import { grantsRepo } from '../adapters/grants-repo';
import { DomainError } from './errors';
import { hashSecretToken, newSecretToken } from './secret-token';

/**
 * How long a signed-out session stays marked: as long as it could still get tokens, i.e. the
 * refresh token's lifetime (30 days, `refreshTokenValidity` in infra/stacks/auth-stack.ts).
 */
const ENDED_SESSION_MEMORY_SECONDS = 30 * 24 * 60 * 60;

const SESSION_SIGNED_OUT = 'This session has signed out. Sign in again.';

/**
 * A new grant for `userId` (secret-token.ts), returned once; the table keeps its hash, expiry and
 * the session that minted it. A session that signed out mints nothing (401): a page still loading
 * while sign-out runs, or a token copied before it, cannot hand the extension a fresh grant.
 */
export async function mintGrant(userId: string, session: string | undefined, now = new Date()): Promise<{ token: string; expiresAt: number }> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (session && (await grantsRepo.sessionEnded(userId, session, nowSeconds))) throw new DomainError('unauthorized', SESSION_SIGNED_OUT);
  const { token, hash } = newSecretToken();
  const expiresAt = nowSeconds + UPLOAD_GRANT_LIFETIME_SECONDS;
  await grantsRepo.put({ tokenHash: hash, userId, created: now.toISOString(), expiresAt, ...(session ? { session } : {}) });
  return { token, expiresAt: expiresAt * 1000 };
}

/**
 * The user a grant acts for, or undefined when the token is malformed, unknown, revoked, expired,
 * or was minted by a session that has since signed out. The last check is what makes sign-out
 * hold whatever the order: a mint racing the revoke, or one the revoke's (eventually consistent)
 * index did not list yet, still leaves a grant that opens nothing.
 */
export async function userOfGrant(token: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string | undefined> {
  // A malformed token costs no read.
  if (!token || !UploadGrantToken.safeParse(token).success) return undefined;
  const row = await grantsRepo.get(hashSecretToken(token));
  if (!row?.userId || row.expiresAt <= nowSeconds) return undefined;
  if (row.session && (await grantsRepo.sessionEnded(row.userId, row.session, nowSeconds))) return undefined;
  return row.userId;
}

/**
 * Sign-out: marks the caller's session as ended (first, so a mint that starts now is refused),
 * then revokes every grant of `userId`, whichever session minted it. Returns how many went.
 */
export async function revokeGrants(userId: string, session?: string, now = new Date()): Promise<number> {
  if (session) await grantsRepo.endSession(userId, session, Math.floor(now.getTime() / 1000) + ENDED_SESSION_MEMORY_SECONDS, now);
  const hashes = await grantsRepo.listHashes(userId);
  await Promise.all(hashes.map((h) => grantsRepo.remove(h)));
  return hashes.length;
}
