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
}

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
};
