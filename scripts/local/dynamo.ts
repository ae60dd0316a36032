import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { physicalTableName, tableList, type TableDef } from '#shared/deploy/tables';
import { HOST } from './ports';

const LOCAL_TABLE_PREFIX = 'local';

/** CreateTable input from the shared table definition (the CDK data stack reads the same one). */
function createTableInput(prefix: string, t: TableDef): CreateTableCommandInput {
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
async function ensureTables(endpoint: string, prefix = LOCAL_TABLE_PREFIX): Promise<void> {
  const client = localDynamoClient(endpoint);
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const t of tableList) {
    if (!existing.has(physicalTableName(prefix, t))) await client.send(new CreateTableCommand(createTableInput(prefix, t)));
  }
  client.destroy();
}

/**
 * dynalite in a child process (`dynamo-process.ts`); `path` persists to LevelDB, omitted = in
 * memory. In its own process, dynalite and LevelDB no longer queue on the API's event loop: under
 * load they use the second core (bench:api, `GET /account` at 100 connections: see
 * docs/performance-history.md). The child stops with `close()`, and by itself if this process ends.
 */
export async function startDynamo(port: number, path?: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const child = fork(resolve(import.meta.dirname, 'dynamo-process.ts'), [String(port), path ?? ''], {
    // tsx runs the TypeScript entry, resolved from here so the caller's working folder does not matter.
    execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const listening = await new Promise<number>((resolvePort, reject) => {
    child.once('message', (m: { port: number }) => resolvePort(m.port));
    child.once('exit', (code) => reject(new Error(`dynalite exited with code ${code} before listening on port ${port}`)));
  });
  const endpoint = `http://${HOST}:${listening}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await ensureTables(endpoint);
  } catch (e) {
    await close();
    throw e;
  }
  return { endpoint, close };
}

/** Env vars through which handlers find the local tables. */
export function tableEnv(prefix = LOCAL_TABLE_PREFIX): Record<string, string> {
  return Object.fromEntries(tableList.map((t) => [t.envVar, physicalTableName(prefix, t)]));
}
