import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lambdas/adapters/dynamo-client';
import { orgsRepo, type MemberRow, type OrgRow } from '../../../lambdas/adapters/orgs-repo';
import { usersRepo, type UserRow } from '../../../lambdas/adapters/users-repo';
import { tableName } from '../../../lambdas/lib/config';
import type { Customer } from './lifecycles';

/** The rows webhooks may write for the scripted customers: user rows, org items and their members. */
export interface Rows { users: UserRow[]; orgs: OrgRow[]; members: MemberRow[] }

export async function readRows(cs: Customer[]): Promise<Rows> {
  const orgIds = [...new Set(cs.flatMap((c) => (c.orgId ? [c.orgId] : [])))];
  const members = (await Promise.all(orgIds.map((id) => orgsRepo.listMembers(id)))).flat();
  const userIds = [...new Set([...cs.map((c) => c.userId), ...members.map((m) => m.memberUserId)])].sort();
  return {
    users: await Promise.all(userIds.map(async (id) => (await usersRepo.get(id))!)),
    orgs: await Promise.all(orgIds.map(async (id) => (await orgsRepo.getOrg(id))!)),
    members,
  };
}

/** Puts every row back exactly as it was read. */
export async function restoreRows(rows: Rows): Promise<void> {
  const put = (table: 'users' | 'orgs', Item: object) => dynamo().send(new PutCommand({ TableName: tableName(table), Item }));
  await Promise.all([...rows.users.map((r) => put('users', r)), ...rows.orgs.map((r) => put('orgs', r)), ...rows.members.map((r) => put('orgs', r))]);
}

/**
 * The rows without `updated`: the repositories stamp it on every write (usersRepo.update,
 * orgsRepo.updateOrg), so it records when a delivery landed, not what Stripe says.
 */
export function withoutStamps(rows: Rows): Rows {
  const strip = <T extends { updated: string }>(r: T) => ({ ...r, updated: '(stamp)' });
  return { users: rows.users.map(strip), orgs: rows.orgs.map(strip), members: rows.members.map(strip) };
}

/** The idempotency records whose key starts with `prefix` (this suite's function name): key and status. */
export async function idempotencyRecords(prefix: string): Promise<{ id: string; status: string }[]> {
  const out: { id: string; status: string }[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({
      TableName: tableName('idempotency'), ExclusiveStartKey, FilterExpression: 'begins_with(id, :p)',
      ExpressionAttributeValues: { ':p': prefix }, ProjectionExpression: 'id, #s', ExpressionAttributeNames: { '#s': 'status' },
    }));
    out.push(...((page.Items ?? []) as { id: string; status: string }[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

export async function clearIdempotency(prefix: string): Promise<void> {
  for (const { id } of await idempotencyRecords(prefix)) {
    await dynamo().send(new DeleteCommand({ TableName: tableName('idempotency'), Key: { id } }));
  }
}
