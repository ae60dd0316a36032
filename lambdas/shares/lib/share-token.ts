import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Share tokens, made and checked like invitation tokens (lambdas/orgs/lib/invite-token.ts): 256
 * random bits (base64url, 43 characters) in the link; only their SHA-256 is stored, as the key
 * of the shares table, so a copy of the table opens nothing.
 */
export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashShareToken(token) };
}

/** Constant-time comparison of a presented token with a stored hash. */
export function shareTokenMatches(token: string, storedHash: string | undefined): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashShareToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
