import { newSecretToken } from '../../lib/secret-token';

/** Invitations expire after this many days; a resend issues a fresh token. */
export const INVITE_TTL_DAYS = 14;

/** A new invitation token (lib/secret-token.ts): only its hash is stored, with its expiry. */
export function newInviteToken(now = Date.now()): { token: string; hash: string; expiresAt: number } {
  return { ...newSecretToken(), expiresAt: Math.floor(now / 1000) + INVITE_TTL_DAYS * 86400 };
}
