import { createHash } from 'node:crypto';
import { takeFromWindow } from '../../adapters/rate-limits';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';

/**
 * How many e-mail-change codes may be sent (docs/security.md): to one address from all users
 * together, and by one user to any addresses. Fixed windows (counted by adapters/rate-limits.ts);
 * a "Resend code" counts as a send.
 */
export const EMAIL_CODE_LIMITS = {
  perAddress: { max: 5, windowSeconds: 15 * 60 },
  perUser: { max: 10, windowSeconds: 60 * 60 },
} as const;

const TOO_MANY_CODES_MESSAGE = 'Too many codes were sent. Wait a while, then try again.';

/** The address as a key: a hash, so the counter item holds no e-mail address. */
const addressKey = (email: string) => createHash('sha256').update(`email-code\n${email.trim().toLowerCase()}`).digest('hex');

/**
 * Counts one code (or owner notice) for `userId` to `email`, or refuses with 429. Taken and free
 * addresses count alike, so the limit tells nothing about who has an account.
 */
export async function takeEmailCodeSend(userId: string, email: string, nowMs = Date.now()): Promise<void> {
  const byUser = await takeFromWindow(`email-code#user#${userId}`, EMAIL_CODE_LIMITS.perUser, nowMs);
  const byAddress = byUser && (await takeFromWindow(`email-code#address#${addressKey(email)}`, EMAIL_CODE_LIMITS.perAddress, nowMs));
  if (!byAddress) {
    logger.warn('change-email: code limit reached', { userId, limit: byUser ? 'address' : 'user' });
    throw new DomainError('too_many_requests', TOO_MANY_CODES_MESSAGE);
  }
}
