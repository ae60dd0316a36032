import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Card, Subscription } from '#shared/domain/subscription';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailed } from './dynamo-client';

/** Stripe never brings these back to life: a stored snapshot in one of them is the subscription's last. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

export type SnapshotOwner = { table: 'users'; key: { userId: string } } | { table: 'orgs'; key: { orgId: string; sk: 'ORG' } };

/**
 * Writes a subscription snapshot (and the customer and card) to its owner's row, unless the row
 * already holds this same subscription as ended and the snapshot is not: a sync that fetched
 * before a concurrent cancel and writes after it must not bring the subscription back. Returns
 * false when the write was skipped for that reason; a missing row still throws.
 */
export async function writeSubscriptionSnapshot(
  owner: SnapshotOwner, fields: { stripeCustomerId: string; subscription: Subscription; card: Card | null },
): Promise<boolean> {
  const pk = owner.table === 'users' ? 'userId' : 'orgId';
  const ended = (ENDED_STATUSES as readonly string[]).includes(fields.subscription.status);
  const entries = Object.entries({ ...fields, updated: new Date().toISOString() });
  const names: Record<string, string> = { '#pk': pk, ...Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])) };
  const values: Record<string, unknown> = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]));
  let condition = 'attribute_exists(#pk)';
  if (!ended) {
    Object.assign(names, { '#sub': 'subscription', '#id': 'id', '#status': 'status' });
    Object.assign(values, { ':sid': fields.subscription.id, ':e0': ENDED_STATUSES[0], ':e1': ENDED_STATUSES[1] });
    condition += ' AND (attribute_not_exists(#sub.#id) OR #sub.#id <> :sid OR NOT (#sub.#status IN (:e0, :e1)))';
  }
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
    if (!isConditionalCheckFailed(e) || ended) throw e;
    // A missing row stays an error, as with any other update of it.
    const row = await dynamo().send(new GetCommand({ TableName: tableName(owner.table), Key: owner.key, ConsistentRead: true }));
    if (!row.Item) throw e;
    return false;
  }
}
