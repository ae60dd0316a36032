import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrgRole, OrgStatus } from '#shared/domain/account';
import type { Subscription } from '#shared/domain/subscription';
import { tableName } from '../lib/config';
import { dynamo } from './dynamo-client';

export const ORG_SK = 'ORG';
export const memberSk = (userId: string) => `MEMBER#${userId}`;

export interface OrgRow {
  orgId: string;
  sk: typeof ORG_SK;
  name: string;
  /** Null = default to the member count (spec rule). */
  seats: number | null;
  /** Seats held by active + invited members; kept with conditional writes so it never exceeds `seats`. */
  seatsUsed: number;
  adminEmail: string;
  adminUserId: string;
  stripeCustomerId?: string;
  subscription?: Subscription | null;
  created: string;
  updated: string;
}

export interface MemberRow {
  orgId: string;
  sk: string;
  memberUserId: string;
  email: string;
  orgRole: OrgRole;
  orgStatus: OrgStatus;
  /** SHA-256 of the invitation token; the token itself is never stored. */
  inviteTokenHash?: string;
  inviteExpiresAt?: number;
  created: string;
  updated: string;
}

const TABLE = () => tableName('orgs');

export const orgsRepo = {
  async getOrg(orgId: string): Promise<OrgRow | undefined> {
    const r = await dynamo().send(new GetCommand({ TableName: TABLE(), Key: { orgId, sk: ORG_SK }, ConsistentRead: true }));
    return r.Item as OrgRow | undefined;
  },

  async getMember(orgId: string, userId: string): Promise<MemberRow | undefined> {
    const r = await dynamo().send(
      new GetCommand({ TableName: TABLE(), Key: { orgId, sk: memberSk(userId) }, ConsistentRead: true }),
    );
    return r.Item as MemberRow | undefined;
  },

  async listMembers(orgId: string): Promise<MemberRow[]> {
    const items: MemberRow[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const r = await dynamo().send(
        new QueryCommand({
          TableName: TABLE(), KeyConditionExpression: 'orgId = :o AND begins_with(sk, :m)',
          ExpressionAttributeValues: { ':o': orgId, ':m': 'MEMBER#' }, ConsistentRead: true, ExclusiveStartKey,
        }),
      );
      items.push(...((r.Items ?? []) as MemberRow[]));
      ExclusiveStartKey = r.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  },

  /** Sets attributes on an existing organisation item. */
  async updateOrg(orgId: string, fields: Partial<Pick<OrgRow, 'name' | 'seats' | 'stripeCustomerId' | 'subscription' | 'adminEmail'>>): Promise<void> {
    const entries = Object.entries({ ...fields, updated: new Date().toISOString() }).filter(([, v]) => v !== undefined);
    await dynamo().send(
      new UpdateCommand({
        TableName: TABLE(), Key: { orgId, sk: ORG_SK }, ConditionExpression: 'attribute_exists(orgId)',
        UpdateExpression: 'SET ' + entries.map((_, i) => `#k${i} = :v${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      }),
    );
  },

  /** Memberships of a user across organisations (a user normally has at most one). */
  async membershipsOf(userId: string): Promise<MemberRow[]> {
    const r = await dynamo().send(
      new QueryCommand({
        TableName: TABLE(), IndexName: 'byMember', KeyConditionExpression: 'memberUserId = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    );
    return (r.Items ?? []) as MemberRow[];
  },
};
export type OrgsRepo = typeof orgsRepo;
