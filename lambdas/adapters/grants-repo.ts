import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, queryAll } from './dynamo-client';

export interface GrantRow {
  /** SHA-256 (hex) of the token: the token itself is never stored. */
  tokenHash: string;
  userId: string;
  created: string;
  /** Epoch seconds: DynamoDB's TTL sweeps the row; code checks it too (dynalite has no TTL). */
  expiresAt: number;
  /** The hashed sign-in session that minted it (lambdas/lib/session-key.ts); rows from before it was kept have none. */
  session?: string;
}

/**
 * "This session signed out": kept in the same table (and swept by the same TTL) under a key no
 * token hashes to, without `userId`, so the byUser index never lists it as a grant.
 */
interface EndedSessionRow {
  tokenHash: string;
  kind: 'session-ended';
  created: string;
  expiresAt: number;
}

const endedSessionKey = (userId: string, session: string) => createHash('sha256').update(`session-ended:${userId}:${session}`).digest('hex');

const TABLE = () => tableName('grants');

export const grantsRepo = {
  async put(row: GrantRow): Promise<void> {
    await dynamo().send(new PutCommand({ TableName: TABLE(), Item: row, ConditionExpression: 'attribute_not_exists(tokenHash)' }));
  },

  async get(tokenHash: string): Promise<GrantRow | undefined> {
    const r = await dynamo().send(new GetCommand({ TableName: TABLE(), Key: { tokenHash }, ConsistentRead: true }));
    return r.Item as GrantRow | undefined;
  },

  /** Every grant of a user (expired ones included), for revoking them all. */
  async listHashes(userId: string): Promise<string[]> {
    const rows = await queryAll<Pick<GrantRow, 'tokenHash'>>({
      TableName: TABLE(), IndexName: 'byUser', KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': userId }, ProjectionExpression: 'tokenHash',
    });
    return rows.map((r) => r.tokenHash);
  },

  async remove(tokenHash: string): Promise<void> {
    await dynamo().send(new DeleteCommand({ TableName: TABLE(), Key: { tokenHash } }));
  },

  /** Marks a user's sign-in session as signed out until `expiresAt` (epoch seconds); writing it again is harmless. */
  async endSession(userId: string, session: string, expiresAt: number, now = new Date()): Promise<void> {
    const row: EndedSessionRow = { tokenHash: endedSessionKey(userId, session), kind: 'session-ended', created: now.toISOString(), expiresAt };
    await dynamo().send(new PutCommand({ TableName: TABLE(), Item: row }));
  },

  /** Whether the session signed out (a consistent read: a mark written a moment ago counts). */
  async sessionEnded(userId: string, session: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<boolean> {
    const r = await dynamo().send(new GetCommand({ TableName: TABLE(), Key: { tokenHash: endedSessionKey(userId, session) }, ConsistentRead: true }));
    const row = r.Item as EndedSessionRow | undefined;
    return !!row && row.expiresAt > nowSeconds;
  },
};
