import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { AbTestGroup } from '#shared/domain/account';
import type { Card, Subscription } from '#shared/domain/subscription';
import { tableName } from '../lib/config';
import { dynamo, dynamoCached, isConditionalCheckFailed } from './dynamo-client';

export interface UserRow {
  userId: string;
  email: string;
  identityId?: string;
  /** 'email' for password accounts, else the social provider name (e.g. Google). */
  loginMethod: string;
  /** The name the user goes by (shared/rules/display-name.ts); absent or '' when none is set. */
  name?: string;
  stripeCustomerId?: string;
  subscription?: Subscription | null;
  card?: Card | null;
  abTestV2?: AbTestGroup;
  isStaff?: boolean;
  orgId?: string;
  created: string;
  updated: string;
}

const TABLE = () => tableName('users');

export const usersRepo = {
  /** The hottest read (every account call), so through the client with a cached middleware stack. */
  async get(userId: string): Promise<UserRow | undefined> {
    const r = await dynamoCached().send(new GetItemCommand({ TableName: TABLE(), Key: marshall({ userId }), ConsistentRead: true }));
    return r.Item ? (unmarshall(r.Item) as UserRow) : undefined;
  },

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const r = await dynamo().send(
      new QueryCommand({
        TableName: TABLE(), IndexName: 'byEmail', KeyConditionExpression: 'email = :e',
        ExpressionAttributeValues: { ':e': email.toLowerCase() }, Limit: 1,
      }),
    );
    return r.Items?.[0] as UserRow | undefined;
  },

  async findByStripeCustomer(customerId: string): Promise<UserRow | undefined> {
    const r = await dynamo().send(
      new QueryCommand({
        TableName: TABLE(), IndexName: 'byStripeCustomer', KeyConditionExpression: 'stripeCustomerId = :c',
        ExpressionAttributeValues: { ':c': customerId }, Limit: 1,
      }),
    );
    return r.Items?.[0] as UserRow | undefined;
  },

  /** Creates the row once; a repeated trigger leaves the first row as it is. Returns false if it existed. */
  async createIfAbsent(row: UserRow): Promise<boolean> {
    try {
      await dynamo().send(
        new PutCommand({ TableName: TABLE(), Item: row, ConditionExpression: 'attribute_not_exists(userId)' }),
      );
      return true;
    } catch (e) {
      if (isConditionalCheckFailed(e)) return false;
      throw e;
    }
  },

  /** Sets the given attributes on an existing row (never creates one). */
  async update(userId: string, fields: Partial<Omit<UserRow, 'userId' | 'created'>>): Promise<UserRow> {
    const entries = Object.entries({ ...fields, updated: new Date().toISOString() }).filter(([, v]) => v !== undefined);
    const r = await dynamo().send(
      new UpdateCommand({
        TableName: TABLE(),
        Key: { userId },
        ConditionExpression: 'attribute_exists(userId)',
        UpdateExpression: 'SET ' + entries.map((_, i) => `#k${i} = :v${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return r.Attributes as UserRow;
  },

  /** Sets the A/B group only if none is set yet, so a user keeps the first group drawn. */
  async assignAbGroupOnce(userId: string, group: AbTestGroup): Promise<AbTestGroup> {
    try {
      const r = await dynamo().send(
        new UpdateCommand({
          TableName: TABLE(), Key: { userId },
          ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(abTestV2)',
          UpdateExpression: 'SET abTestV2 = :g', ExpressionAttributeValues: { ':g': group }, ReturnValues: 'ALL_NEW',
        }),
      );
      return (r.Attributes as UserRow).abTestV2 ?? group;
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
      return (await this.get(userId))?.abTestV2 ?? group;
    }
  },

  async remove(userId: string): Promise<void> {
    await dynamo().send(new DeleteCommand({ TableName: TABLE(), Key: { userId } }));
  },
};
