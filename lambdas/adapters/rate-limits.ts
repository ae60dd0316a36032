import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed } from './dynamo-client';

/** At most `max` takes in each fixed window of `windowSeconds`. */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one take against a fixed-window limit: a conditional ADD on one counter item in the
 * idempotency table (the table that already keeps short-lived marks with a TTL, `expiration`).
 * The window is part of the key, so a past window's item is never read again: expiry holds in code
 * (dynalite has no TTL) and DynamoDB's TTL removes the item in AWS. Answers false when full.
 */
export async function takeFromWindow(key: string, limit: WindowLimit, nowMs: number): Promise<boolean> {
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
