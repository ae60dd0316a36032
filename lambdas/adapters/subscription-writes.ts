import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { endedSubscriptionStatuses, hasSubscriptionEnded, type Card, type Subscription } from '#shared/domain/subscription';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed } from './dynamo-client';

export type SnapshotOwner = { table: 'users'; key: { userId: string } } | { table: 'orgs'; key: { orgId: string; sk: 'ORG' } };

/**
 * Writes a subscription snapshot (and the customer and card) to its owner's row, unless it would
 * take the row back in time:
 * - the row holds this same subscription as ended and the snapshot is not (a sync that fetched
 *   before a concurrent cancel and writes after it must not bring the subscription back);
 * - the row holds another subscription that is newer, or live while this one has ended (a late
 *   event of a cancelled trial must not replace the Premium bought after it).
 * Returns false when the write was skipped for one of these reasons; a missing row still throws.
 */
export async function writeSubscriptionSnapshot(
  owner: SnapshotOwner, fields: { stripeCustomerId: string; subscription: Subscription; card: Card | null },
): Promise<boolean> {
  const pk = owner.table === 'users' ? 'userId' : 'orgId';
  const sub = fields.subscription;
  const ended = hasSubscriptionEnded(sub.status);
  const entries = Object.entries({ ...fields, updated: new Date().toISOString() });
  const names: Record<string, string> = {
    '#pk': pk, '#sub': 'subscription', '#id': 'id', '#status': 'status', '#created': 'created',
    ...Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
  };
  const values: Record<string, unknown> = {
    ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    ':sid': sub.id, ...Object.fromEntries(endedSubscriptionStatuses.map((status, i) => [`:e${i}`, status])),
  };
  // Stripe never brings an ended subscription back to life: a stored snapshot in one of these states is its last.
  const storedEnded = `#sub.#status IN (${endedSubscriptionStatuses.map((_, i) => `:e${i}`).join(', ')})`;
  // Another subscription on the row may be replaced only by a newer one (or when its age is unknown).
  let notOlder = 'attribute_not_exists(#sub.#created)';
  if (sub.created !== undefined) {
    values[':created'] = sub.created;
    notOlder = `(${notOlder} OR #sub.#created <= :created)`;
  }
  const sameSub = ended ? '#sub.#id = :sid' : `(#sub.#id = :sid AND NOT (${storedEnded}))`;
  const otherSub = ended ? `(#sub.#id <> :sid AND ${storedEnded} AND ${notOlder})` : `(#sub.#id <> :sid AND ${notOlder})`;
  const condition = `attribute_exists(#pk) AND (attribute_not_exists(#sub.#id) OR ${sameSub} OR ${otherSub})`;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(owner.table), Key: owner.key, ConditionExpression: condition,
        UpdateExpression: 'SET ' + entries.map((_, i) => `#k${i} = :v${i}`).join(', '),
        ExpressionAttributeNames: names, ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    // A missing row stays an error, as with any other update of it.
    const row = await dynamo().send(new GetCommand({ TableName: tableName(owner.table), Key: owner.key, ConsistentRead: true }));
    if (!row.Item) throw e;
    return false;
  }
}
