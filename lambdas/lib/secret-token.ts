import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The one kind of bearer token the API hands out (invitation links, share links, upload grants):
 * 256 random bits, base64url (43 characters), given once. Tables keep only the SHA-256, so a copy
 * of a table, a backup or a log opens nothing.
 */
export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

/** A presented token against a stored hash, in constant time (for rows not looked up by that hash). */
export function secretTokenMatches(token: string, storedHash: string | undefined): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecretToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
