import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Invitations expire after this many days; a resend issues a fresh token. */
export const INVITE_TTL_DAYS = 14;

export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random 256-bit token (base64url). Only its hash is stored. */
export function newInviteToken(now = Date.now()): { token: string; hash: string; expiresAt: number } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token), expiresAt: Math.floor(now / 1000) + INVITE_TTL_DAYS * 86400 };
}

export function inviteTokenMatches(token: string, storedHash: string | undefined): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashInviteToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
