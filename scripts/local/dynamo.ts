import type { Server } from 'node:http';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { physicalTableName, tableList, type TableDef } from '../../infra/tables';
import { HOST } from './ports';

export const LOCAL_TABLE_PREFIX = 'local';

/** CreateTable input from the shared table definition (the CDK data stack reads the same one). */
export function createTableInput(prefix: string, t: TableDef): CreateTableCommandInput {
  const keys = [t.partitionKey, t.sortKey, ...t.indexes.flatMap((i) => [i.partitionKey, i.sortKey])].filter(
    (k): k is NonNullable<typeof k> => !!k,
  );
  const attrs = [...new Map(keys.map((k) => [k.name, k])).values()];
  const schema = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: physicalTableName(prefix, t),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attrs.map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    KeySchema: schema(t.partitionKey, t.sortKey),
    ...(t.indexes.length
      ? {
          GlobalSecondaryIndexes: t.indexes.map((i) => ({
            IndexName: i.indexName,
            KeySchema: schema(i.partitionKey, i.sortKey),
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** Creates any table that does not exist yet (state persists across restarts). */
export async function ensureTables(endpoint: string, prefix = LOCAL_TABLE_PREFIX): Promise<void> {
  const client = localDynamoClient(endpoint);
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const t of tableList) {
    if (!existing.has(physicalTableName(prefix, t))) await client.send(new CreateTableCommand(createTableInput(prefix, t)));
  }
  client.destroy();
}

/** dynalite in-process; `path` persists to LevelDB, omitted = in memory. */
export async function startDynamo(port: number, path?: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server: Server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  const endpoint = `http://${HOST}:${(server.address() as { port: number }).port}`;
  await ensureTables(endpoint);
  return { endpoint, close: () => new Promise((r) => server.close(() => r())) };
}

/** Env vars through which handlers find the local tables. */
export function tableEnv(prefix = LOCAL_TABLE_PREFIX): Record<string, string> {
  return Object.fromEntries(tableList.map((t) => [t.envVar, physicalTableName(prefix, t)]));
}
