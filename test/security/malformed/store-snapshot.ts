import { paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { tableList } from '#shared/deploy/tables';
import { dynamo } from '../../../lambdas/adapters/dynamo-client';
import { imagesBucket, s3 } from '../../../lambdas/adapters/s3-client';
import { stripe } from '../../../lambdas/adapters/stripe-client';
import { requireEnv } from '../../../lambdas/lib/config';

/**
 * Everything the API can write, as `store → (key → canonical content)`: every DynamoDB table,
 * the image bucket's objects and the Stripe customers. Two snapshots diffed show any write.
 */
export type StoreSnapshot = Map<string, Map<string, string>>;

/** JSON with sorted keys, so equal items compare equal as text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v instanceof Set ? [...v] : v) ?? 'undefined';
}

async function tableItems(t: (typeof tableList)[number]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const page of paginateScan({ client: dynamo() }, { TableName: requireEnv(t.envVar) })) {
    for (const item of page.Items ?? []) {
      const key = [item[t.partitionKey.name], t.sortKey ? item[t.sortKey.name] : undefined].filter((x) => x !== undefined).join(' | ');
      out.set(key, canonical(item));
    }
  }
  return out;
}

async function bucketObjects(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const page of paginateListObjectsV2({ client: s3() }, { Bucket: imagesBucket() })) {
    for (const o of page.Contents ?? []) out.set(o.Key!, `${o.Key} ${o.Size} ${o.ETag}`);
  }
  return out;
}

async function stripeCustomers(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const c of (await stripe()).customers.list({ limit: 100 })) out.set(c.id, canonical(c));
  return out;
}

export async function takeSnapshot(): Promise<StoreSnapshot> {
  const [tables, objects, customers] = await Promise.all([
    Promise.all(tableList.map(async (t) => [`dynamodb:${t.name}`, await tableItems(t)] as const)),
    bucketObjects(),
    stripeCustomers(),
  ]);
  return new Map([...tables, ['s3:images', objects], ['stripe:customers', customers]]);
}

export const rowCounts = (s: StoreSnapshot) => Object.fromEntries([...s].map(([store, items]) => [store, items.size]));

export interface StoreChange { store: string; key: string; before?: string; after?: string }

/** Items added, removed or changed between two snapshots. */
export function changesBetween(before: StoreSnapshot, after: StoreSnapshot): StoreChange[] {
  const changes: StoreChange[] = [];
  for (const [store, was] of before) {
    const now = after.get(store) ?? new Map<string, string>();
    for (const key of new Set([...was.keys(), ...now.keys()])) {
      if (was.get(key) !== now.get(key)) changes.push({ store, key, before: was.get(key), after: now.get(key) });
    }
  }
  return changes;
}
