import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo } from './dynamo-client';

export interface ImageRow {
  userId: string;
  imageId: string;
  title: string;
  notes: string;
  urlLink: string | null;
  /** S3 keys, always under `users/<userId>/`. */
  objectKey: string;
  thumbKey: string;
  status: 'pending' | 'ready';
  contentType?: string;
  size?: number;
  created: string;
  updated: string;
}

const TABLE = () => tableName('images');

export const imagesRepo = {
  async list(userId: string): Promise<ImageRow[]> {
    const items: ImageRow[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const r = await dynamo().send(
        new QueryCommand({
          TableName: TABLE(), KeyConditionExpression: 'userId = :u',
          ExpressionAttributeValues: { ':u': userId }, ExclusiveStartKey,
        }),
      );
      items.push(...((r.Items ?? []) as ImageRow[]));
      ExclusiveStartKey = r.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  },
  async get(userId: string, imageId: string): Promise<ImageRow | undefined> {
    const r = await dynamo().send(new GetCommand({ TableName: TABLE(), Key: { userId, imageId }, ConsistentRead: true }));
    return r.Item as ImageRow | undefined;
  },
  async put(row: ImageRow): Promise<void> {
    await dynamo().send(new PutCommand({ TableName: TABLE(), Item: row }));
  },
  async remove(userId: string, imageId: string): Promise<void> {
    await dynamo().send(new DeleteCommand({ TableName: TABLE(), Key: { userId, imageId } }));
  },
};
export type ImagesRepo = typeof imagesRepo;
