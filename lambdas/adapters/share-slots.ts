import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed } from './dynamo-client';

/**
 * The share-link cap held on the image row, so concurrent creates cannot pass it: `shareLinks`
 * maps each active link's shareId to its expiry (epoch seconds, 0 for never). A link takes a slot
 * with one conditional UpdateItem (`size(shareLinks) < max`; dynalite has no transactions) before
 * its row is written, and gives it back when revoked. An entry past its expiry is dropped by the
 * next create, so links that DynamoDB's TTL removes do not hold slots forever.
 */
export type ShareSlots = Record<string, number>;

const TABLE = () => tableName('images');

async function conditional(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: TABLE(), ...input }));
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

export const isSlotExpired = (until: number, nowSeconds: number) => until !== 0 && until <= nowSeconds;

export const shareSlots = {
  /** Starts the slots of an image that has none (made before them) from its live links; a concurrent start may win. */
  async start(userId: string, imageId: string, slots: ShareSlots): Promise<void> {
    await conditional({
      Key: { userId, imageId },
      ConditionExpression: 'attribute_exists(imageId) AND attribute_not_exists(shareLinks)',
      UpdateExpression: 'SET shareLinks = :s',
      ExpressionAttributeValues: { ':s': slots },
    });
  },

  /** Takes a slot for a new link if fewer than `max` are taken; false when full (or the image is gone). */
  async take(userId: string, imageId: string, shareId: string, until: number, max: number): Promise<boolean> {
    return conditional({
      Key: { userId, imageId },
      ConditionExpression: 'attribute_exists(imageId) AND size(shareLinks) < :max',
      UpdateExpression: 'SET shareLinks.#id = :until',
      ExpressionAttributeNames: { '#id': shareId },
      ExpressionAttributeValues: { ':max': max, ':until': until },
    });
  },

  /** Gives a link's slot back (revoked, expired, or its row was never written). */
  async release(userId: string, imageId: string, shareId: string): Promise<void> {
    await conditional({
      Key: { userId, imageId },
      ConditionExpression: 'attribute_exists(shareLinks.#id)',
      UpdateExpression: 'REMOVE shareLinks.#id',
      ExpressionAttributeNames: { '#id': shareId },
    });
  },
};
