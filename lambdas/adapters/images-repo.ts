import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed, queryAll } from './dynamo-client';

export interface ImageRow {
  userId: string;
  /** Sort key; time-ordered (see lambdas/images/lib/image-keys.ts), so a query lists images by creation. */
  imageId: string;
  title: string;
  notes: string;
  urlLink: string | null;
  /** S3 keys, always under `users/<userId>/`. */
  objectKey: string;
  thumbKey: string;
  /** `pending` from creation until the upload is finalised. */
  status: 'pending' | 'ready';
  contentType?: string;
  size?: number;
  width?: number;
  height?: number;
  created: string;
  updated: string;
  /** Set on each part of a split capture saved whole (docs/images.md). */
  part?: { set: string; index: number; count: number };
  /**
   * Pending rows only: when DynamoDB's TTL deletes the row (epoch seconds), if it is never
   * finalised. Removed on finalise. dynalite has no TTL, so reads ignore expired rows too.
   */
  expiresAt?: number;
  /**
   * Pending rows only: the bytes this upload holds in the user's storage counter (the most its
   * upload form accepts; lambdas/adapters/storage-counter.ts). Absent on rows made before the counter.
   */
  reservedBytes?: number;
  /**
   * Pending rows only: the creator (the extension) was given a form for its own thumbnail, so
   * finalise looks for one before decoding the file (lambdas/images/lib/finish-upload.ts).
   */
  clientThumbnail?: true;
  /** Finalised rows: the image's active share links, shareId → expiry (lambdas/adapters/share-slots.ts). */
  shareLinks?: Record<string, number>;
}

/** A pending row whose TTL has passed: gone in AWS (within a day or two), still present locally. */
export const isExpired = (row: Pick<ImageRow, 'expiresAt'>, nowSeconds = Math.floor(Date.now() / 1000)): boolean =>
  row.expiresAt !== undefined && row.expiresAt <= nowSeconds;

export interface ImagePage {
  rows: ImageRow[];
  /** The last row's id when more rows may follow (the next page starts after it), else null. */
  next: string | null;
}

const TABLE = () => tableName('images');

export const imagesRepo = {
  /** Every row of a user, pending and expired ones included (oldest first): for removing them all. */
  async list(userId: string): Promise<ImageRow[]> {
    return queryAll<ImageRow>({ TableName: TABLE(), KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } });
  },

  /**
   * One page of a user's finalised images, newest first, starting after the image `after`.
   * The status filter is applied after DynamoDB's own page limit, so this keeps querying until
   * the page is full or the partition is exhausted.
   */
  async listReady(userId: string, opts: { limit: number; after?: string }): Promise<ImagePage> {
    const rows: ImageRow[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined = opts.after ? { userId, imageId: opts.after } : undefined;
    do {
      const r = await dynamo().send(
        new QueryCommand({
          TableName: TABLE(),
          KeyConditionExpression: 'userId = :u',
          // Ready and not expired: a row that TTL would delete is not shown (dynalite keeps it).
          FilterExpression: '#s = :ready AND (attribute_not_exists(#e) OR #e > :now)',
          ExpressionAttributeNames: { '#s': 'status', '#e': 'expiresAt' },
          ExpressionAttributeValues: { ':u': userId, ':ready': 'ready', ':now': Math.floor(Date.now() / 1000) },
          ScanIndexForward: false,
          Limit: opts.limit - rows.length,
          ExclusiveStartKey,
        }),
      );
      rows.push(...((r.Items ?? []) as ImageRow[]));
      ExclusiveStartKey = r.LastEvaluatedKey;
    } while (ExclusiveStartKey && rows.length < opts.limit);
    const more = rows.length === opts.limit && ExclusiveStartKey !== undefined;
    return { rows, next: more ? rows[rows.length - 1].imageId : null };
  },

  /**
   * The bytes a user's finalised images take (the sum of their `size`): where the storage counter
   * starts for a user row that has none yet (lambdas/adapters/storage-counter.ts). Reads the
   * user's whole partition (about 600 bytes a row: one 1 MB page per ~1,700 images).
   */
  async usedBytes(userId: string): Promise<number> {
    const rows = await queryAll<{ size?: unknown }>({
      TableName: TABLE(),
      KeyConditionExpression: 'userId = :u',
      FilterExpression: '#s = :ready',
      ProjectionExpression: '#z',
      ExpressionAttributeNames: { '#s': 'status', '#z': 'size' },
      ExpressionAttributeValues: { ':u': userId, ':ready': 'ready' },
      ConsistentRead: true,
    });
    return rows.reduce((total, r) => total + (typeof r.size === 'number' ? r.size : 0), 0);
  },

  async get(userId: string, imageId: string): Promise<ImageRow | undefined> {
    const r = await dynamo().send(new GetCommand({ TableName: TABLE(), Key: { userId, imageId }, ConsistentRead: true }));
    return r.Item as ImageRow | undefined;
  },

  async put(row: ImageRow): Promise<void> {
    await dynamo().send(new PutCommand({ TableName: TABLE(), Item: row }));
  },

  /** Writes a new row; false when the id is taken. */
  async create(row: ImageRow): Promise<boolean> {
    try {
      await dynamo().send(new PutCommand({ TableName: TABLE(), Item: row, ConditionExpression: 'attribute_not_exists(imageId)' }));
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  },

  /** Records the checked file and marks the row ready; undefined when the row is gone. */
  async markReady(
    userId: string,
    imageId: string,
    file: { contentType: string; size: number; width: number; height: number },
    updated: string,
  ): Promise<ImageRow | undefined> {
    // The TTL goes: a finalised image stays until its owner deletes it; so does the reservation,
    // now settled into the counter as `size`. Only a pending row becomes ready, and only once.
    return conditionalUpdate(
      userId, imageId,
      { status: 'ready', contentType: file.contentType, size: file.size, width: file.width, height: file.height, updated },
      ['expiresAt', 'reservedBytes', 'clientThumbnail'],
      'pending',
    );
  },

  /** Changes title and notes; undefined when the row does not exist. */
  async updateText(userId: string, imageId: string, text: { title: string; notes: string }, updated: string): Promise<ImageRow | undefined> {
    return conditionalUpdate(userId, imageId, { title: text.title, notes: text.notes, updated });
  },

  /** Deletes the row; returns it as it was when this call removed it, undefined when it was gone already. */
  async remove(userId: string, imageId: string): Promise<ImageRow | undefined> {
    const r = await dynamo().send(new DeleteCommand({ TableName: TABLE(), Key: { userId, imageId }, ReturnValues: 'ALL_OLD' }));
    return r.Attributes as ImageRow | undefined;
  },
};

/**
 * SET (and REMOVE) the given attributes on an existing row only (with `status`, only on a row in
 * that status); returns the new row, or undefined when absent.
 */
async function conditionalUpdate(
  userId: string, imageId: string, patch: Record<string, unknown>, remove: string[] = [], status?: ImageRow['status'],
): Promise<ImageRow | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(patch).map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:v${i}`] = v;
    return `#a${i} = :v${i}`;
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  if (status) {
    names['#status'] = 'status';
    values[':status'] = status;
  }
  try {
    const r = await dynamo().send(
      new UpdateCommand({
        TableName: TABLE(),
        Key: { userId, imageId },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: status ? 'attribute_exists(imageId) AND #status = :status' : 'attribute_exists(imageId)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return r.Attributes as ImageRow;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return undefined;
    throw e;
  }
}
