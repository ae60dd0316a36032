/** Upload grants (docs/security.md): minted, resolved for the grant routes, revoked. The guard of the grant routes. */
import { UPLOAD_GRANT_LIFETIME_SECONDS, UploadGrantToken } from '#shared/domain/upload-grant';
import { grantsRepo } from '../adapters/grants-repo';
import { hashSecretToken, newSecretToken } from './secret-token';

/** A new grant for `userId` (secret-token.ts), returned once; the table keeps its hash and expiry. */
export async function mintGrant(userId: string, now = new Date()): Promise<{ token: string; expiresAt: number }> {
  const { token, hash } = newSecretToken();
  const expiresAt = Math.floor(now.getTime() / 1000) + UPLOAD_GRANT_LIFETIME_SECONDS;
  await grantsRepo.put({ tokenHash: hash, userId, created: now.toISOString(), expiresAt });
  return { token, expiresAt: expiresAt * 1000 };
}

/** The user a grant acts for, or undefined when the token is malformed, unknown, revoked or expired. */
export async function userOfGrant(token: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string | undefined> {
  // A malformed token costs no read.
  if (!token || !UploadGrantToken.safeParse(token).success) return undefined;
  const row = await grantsRepo.get(hashSecretToken(token));
  if (!row || row.expiresAt <= nowSeconds) return undefined;
  return row.userId;
}

/** Revokes every grant of `userId` (sign-out): returns how many went. */
export async function revokeGrants(userId: string): Promise<number> {
  const hashes = await grantsRepo.listHashes(userId);
  await Promise.all(hashes.map((h) => grantsRepo.remove(h)));
  return hashes.length;
}
