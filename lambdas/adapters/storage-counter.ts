import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed } from './dynamo-client';

/**
 * The image library's usage, kept on the user row so the quota holds under concurrency
 * (docs/images.md "Storage quota"). dynalite has no transactions, so every change is one
 * conditional UpdateItem on that single item:
 *
 * - `storageBytes`: finalised bytes plus the bytes reserved by uploads not yet finalised;
 * - `storageReservations`: imageId → {bytes, until}, one entry per pending upload. An entry past
 *   `until` (the pending row's expiry) is released by the next reservation, so a row that
 *   DynamoDB's TTL deletes without our code running cannot leak its bytes.
 */
export interface Reservation {
  bytes: number;
  /** Epoch seconds: the pending row's expiry. */
  until: number;
}

export interface StorageCounter {
  /** Finalised + reserved bytes. */
  totalBytes: number;
  reservations: Record<string, Reservation>;
}

const TABLE = () => tableName('users');

/** Runs a conditional update; false when its condition does not hold. */
async function conditional(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: TABLE(), ...input }));
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

export const storageCounter = {
  /** The counter, or undefined when this user's row has none yet (rows from before it, or no row). */
  async read(userId: string): Promise<StorageCounter | undefined> {
    const r = await dynamo().send(new GetCommand({
      TableName: TABLE(), Key: { userId }, ConsistentRead: true,
      ProjectionExpression: 'storageBytes, storageReservations',
    }));
    const item = r.Item as { storageBytes?: number; storageReservations?: Record<string, Reservation> } | undefined;
    if (typeof item?.storageBytes !== 'number') return undefined;
    return { totalBytes: item.storageBytes, reservations: item.storageReservations ?? {} };
  },

  /**
   * Starts the counter at `finalisedBytes` (summed from the images table) on a row that has none;
   * a concurrent start that wins first is kept, and a missing user row gets none.
   */
  async start(userId: string, finalisedBytes: number): Promise<void> {
    await conditional({
      Key: { userId },
      ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(storageBytes)',
      UpdateExpression: 'SET storageBytes = :b, storageReservations = :none',
      ExpressionAttributeValues: { ':b': finalisedBytes, ':none': {} },
    });
  },

  /**
   * Reserves `bytes` for a pending upload if finalised + reserved + bytes ≤ limitBytes and fewer
   * than `maxPending` uploads are pending. False when either does not hold.
   */
  async reserve(userId: string, imageId: string, r: Reservation, limits: { limitBytes: number; maxPending: number }): Promise<boolean> {
    return conditional({
      Key: { userId },
      ConditionExpression: 'storageBytes <= :room AND size(storageReservations) < :maxPending AND attribute_not_exists(storageReservations.#id)',
      UpdateExpression: 'SET storageBytes = storageBytes + :b, storageReservations.#id = :r',
      ExpressionAttributeNames: { '#id': imageId },
      ExpressionAttributeValues: { ':room': limits.limitBytes - r.bytes, ':maxPending': limits.maxPending, ':b': r.bytes, ':r': r },
    });
  },

  /**
   * Turns an upload's reservation into its real size (≤ the reservation: S3 refused more). False
   * when the reservation is not there (settled or released already), so it happens once.
   */
  async settle(userId: string, imageId: string, reserved: Reservation, fileBytes: number): Promise<boolean> {
    return conditional({
      Key: { userId },
      ConditionExpression: 'storageReservations.#id.bytes = :reserved',
      UpdateExpression: 'SET storageBytes = storageBytes - :give REMOVE storageReservations.#id',
      ExpressionAttributeNames: { '#id': imageId },
      ExpressionAttributeValues: { ':reserved': reserved.bytes, ':give': reserved.bytes - fileBytes },
    });
  },

  /** Gives an upload's reservation back (refused, deleted or expired); false when it was not there. */
  async release(userId: string, imageId: string, reserved: Pick<Reservation, 'bytes'>): Promise<boolean> {
    return conditional({
      Key: { userId },
      ConditionExpression: 'storageReservations.#id.bytes = :b',
      UpdateExpression: 'SET storageBytes = storageBytes - :b REMOVE storageReservations.#id',
      ExpressionAttributeNames: { '#id': imageId },
      ExpressionAttributeValues: { ':b': reserved.bytes },
    });
  },

  /**
   * Counts `bytes` with no reservation (an upload started before the counter existed) if they fit
   * under limitBytes; false when they do not.
   */
  async addIfFits(userId: string, bytes: number, limitBytes: number): Promise<boolean> {
    return conditional({
      Key: { userId },
      ConditionExpression: 'storageBytes <= :room',
      UpdateExpression: 'SET storageBytes = storageBytes + :b',
      ExpressionAttributeValues: { ':room': limitBytes - bytes, ':b': bytes },
    });
  },

  /** A finalised image left the library. Never below zero; nothing to do on a row without a counter. */
  async subtract(userId: string, bytes: number): Promise<void> {
    if (!(await conditional({
      Key: { userId },
      ConditionExpression: 'storageBytes >= :b',
      UpdateExpression: 'SET storageBytes = storageBytes - :b',
      ExpressionAttributeValues: { ':b': bytes },
    }))) {
      await conditional({
        Key: { userId },
        ConditionExpression: 'storageBytes < :b',
        UpdateExpression: 'SET storageBytes = :zero',
        ExpressionAttributeValues: { ':b': bytes, ':zero': 0 },
      });
    }
  },
};
