import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionalCheckFailed } from '../adapters/dynamo-client';
import { tableName } from '../lib/config';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';

/**
 * How many e-mail-change codes may be sent (docs/security.md): to one address from all users
 * together, and by one user to any addresses. Fixed windows; a "Resend code" counts as a send.
 */
export const EMAIL_CODE_LIMITS = {
  perAddress: { max: 5, windowSeconds: 15 * 60 },
  perUser: { max: 10, windowSeconds: 60 * 60 },
} as const;

export const TOO_MANY_CODES_MESSAGE = 'Too many codes were sent. Wait a while, then try again.';

/**
 * One send counted against a fixed-window limit: a conditional ADD on one counter item in the
 * idempotency table (the table that already keeps short-lived marks with a TTL, `expiration`).
 * The window is part of the key, so a past window's item is never read again: expiry holds in code
 * (dynalite has no TTL) and DynamoDB's TTL removes the item in AWS. Answers false when full.
 */
async function take(key: string, limit: { max: number; windowSeconds: number }, nowMs: number): Promise<boolean> {
  const window = Math.floor(nowMs / 1000 / limit.windowSeconds);
  try {
    await dynamo().send(new UpdateCommand({
      TableName: tableName('idempotency'),
      Key: { id: `limit#${key}#${window}` },
      UpdateExpression: 'ADD #n :one SET #exp = :exp',
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
      ExpressionAttributeNames: { '#n': 'sends', '#exp': 'expiration' },
      ExpressionAttributeValues: { ':one': 1, ':max': limit.max, ':exp': (window + 1) * limit.windowSeconds + 60 },
    }));
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** The address as a key: a hash, so the counter item holds no e-mail address. */
const addressKey = (email: string) => createHash('sha256').update(`email-code\n${email.trim().toLowerCase()}`).digest('hex');

/**
 * Counts one code (or owner notice) for `userId` to `email`, or refuses with 429. Taken and free
 * addresses count alike, so the limit tells nothing about who has an account.
 */
export async function takeEmailCodeSend(userId: string, email: string, nowMs = Date.now()): Promise<void> {
  const byUser = await take(`email-code#user#${userId}`, EMAIL_CODE_LIMITS.perUser, nowMs);
  const byAddress = byUser && (await take(`email-code#address#${addressKey(email)}`, EMAIL_CODE_LIMITS.perAddress, nowMs));
  if (!byAddress) {
    logger.warn('change-email: code limit reached', { userId, limit: byUser ? 'address' : 'user' });
    throw new DomainError('too_many_requests', TOO_MANY_CODES_MESSAGE);
  }
}
