import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed, queryAll } from './dynamo-client';

/** One share link (docs/images.md "Share links"). The token itself is stored nowhere. */
export interface ShareRow {
  /** Partition key: SHA-256 (hex) of the link's token. */
  tokenHash: string;
  /** The id the owner and staff name the link by (random; not derived from the token). */
  shareId: string;
  userId: string;
  imageId: string;
  /** Sort key of the byOwner index: `<imageId>#<shareId>`. */
  ownerKey: string;
  created: string;
  /** Epoch seconds; absent for a link that never expires. DynamoDB TTL; checked in code too. */
  expiresAt?: number;
  views: number;
  /**
   * The link's own copy of the image file (`shares/<shareId>`, lambdas/images/lib/share-file.ts):
   * the public page and its redirects name only this key, never the owner's `users/<userId>/…`.
   * Absent on links made before copies; the first open makes one.
   */
  fileKey?: string;
}

const TABLE = () => tableName('shares');
const BY_OWNER = 'byOwner';

export const ownerKeyOf = (imageId: string, shareId: string) => `${imageId}#${shareId}`;

/** A link whose expiry has passed: TTL removes it in AWS within a day or two, dynalite never. */
export const isShareExpired = (row: Pick<ShareRow, 'expiresAt'>, nowSeconds = Math.floor(Date.now() / 1000)): boolean =>
  row.expiresAt !== undefined && row.expiresAt <= nowSeconds;

const queryOwner = (userId: string, keyCondition: string, values: Record<string, unknown>): Promise<ShareRow[]> =>
  queryAll<ShareRow>({
    TableName: TABLE(), IndexName: BY_OWNER,
    KeyConditionExpression: `userId = :u${keyCondition}`, ExpressionAttributeValues: { ':u': userId, ...values },
  });

export const sharesRepo = {
  /** Writes a new link; false when the hash is taken (never, for 256 random bits). */
  async create(row: ShareRow): Promise<boolean> {
    try {
      await dynamo().send(new PutCommand({ TableName: TABLE(), Item: row, ConditionExpression: 'attribute_not_exists(tokenHash)' }));
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  },

  async get(tokenHash: string): Promise<ShareRow | undefined> {
    const r = await dynamo().send(new GetCommand({ TableName: TABLE(), Key: { tokenHash }, ConsistentRead: true }));
    return r.Item as ShareRow | undefined;
  },

  /** Every link of a user (expired ones included), or of one of their images. */
  async listByOwner(userId: string, imageId?: string): Promise<ShareRow[]> {
    return imageId === undefined ? queryOwner(userId, '', {}) : queryOwner(userId, ' AND begins_with(ownerKey, :p)', { ':p': `${imageId}#` });
  },

  /** The user's link with this id, if any (another user's id finds nothing). */
  async findOwned(userId: string, shareId: string, imageId?: string): Promise<ShareRow | undefined> {
    const rows = imageId === undefined
      ? (await queryOwner(userId, '', {})).filter((r) => r.shareId === shareId)
      : await queryOwner(userId, ' AND ownerKey = :k', { ':k': ownerKeyOf(imageId, shareId) });
    return rows[0];
  },

  /** One more view, atomically; false when the link was removed meanwhile (never re-creates it). */
  async countView(tokenHash: string): Promise<boolean> {
    try {
      await dynamo().send(new UpdateCommand({
        TableName: TABLE(), Key: { tokenHash },
        UpdateExpression: 'ADD #v :one', ConditionExpression: 'attribute_exists(tokenHash)',
        ExpressionAttributeNames: { '#v': 'views' }, ExpressionAttributeValues: { ':one': 1 },
      }));
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  },

  /** Records the link's file copy; false when the link was removed meanwhile (never re-creates it). */
  async setFileKey(tokenHash: string, fileKey: string): Promise<boolean> {
    try {
      await dynamo().send(new UpdateCommand({
        TableName: TABLE(), Key: { tokenHash },
        UpdateExpression: 'SET fileKey = :k', ConditionExpression: 'attribute_exists(tokenHash)',
        ExpressionAttributeValues: { ':k': fileKey },
      }));
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  },

  async remove(tokenHash: string): Promise<void> {
    await dynamo().send(new DeleteCommand({ TableName: TABLE(), Key: { tokenHash } }));
  },
};
