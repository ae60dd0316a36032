import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CreateTableCommand, DynamoDBClient, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables, type TableDef } from '#shared/deploy/tables';
import type { ApiEvent } from '../lib/http';

// dynalite ships no type declarations; this is the one function the test needs from it.
const dynalite = createRequire(import.meta.url)('dynalite') as (opts: { createTableMs?: number }) => Server;

const TABLE = 'test-contact-records';
let server: Server;
let client: DynamoDBClient;
let handler: typeof import('./submit-contact-sales').handler;
let recordsRepo: typeof import('../adapters/records-repo').recordsRepo;

function createTableInput(def: TableDef, name: string): CreateTableCommandInput {
  const keys = [def.partitionKey, ...(def.sortKey ? [def.sortKey] : [])];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keys.map((k) => ({ AttributeName: k.name, AttributeType: k.type })),
    KeySchema: [
      { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
      ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' as const }] : []),
    ],
  };
}

const context = {
  functionName: 'submit-contact-sales', functionVersion: '1', invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:x',
  memoryLimitInMB: '256', awsRequestId: 'req-1', logGroupName: 'g', logStreamName: 's', callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 10_000, done: () => undefined, fail: () => undefined, succeed: () => undefined,
} as unknown as Context;

function event(body: unknown, contentType = 'application/json'): ApiEvent {
  return {
    version: '2.0', routeKey: 'POST /contact/sales', rawPath: '/contact/sales', rawQueryString: '',
    headers: { 'content-type': contentType, 'user-agent': 'vitest' },
    body: typeof body === 'string' ? body : JSON.stringify(body), isBase64Encoded: false,
    requestContext: {
      accountId: 'local', apiId: 'local', domainName: 'localhost', domainPrefix: 'localhost', requestId: 'r1',
      routeKey: 'POST /contact/sales', stage: '$default', time: '', timeEpoch: Date.now(),
      http: { method: 'POST', path: '/contact/sales', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
    },
  } as unknown as ApiEvent;
}

const valid = { name: 'Ada Lovelace', email: 'Ada@Example.COM', company: 'Analytical Engines', seats: 25, message: 'We archive web pages for audits.' };

beforeAll(async () => {
  server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.RECORDS_TABLE = TABLE;
  process.env.AWS_REGION = 'us-east-1';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  await client.send(new CreateTableCommand(createTableInput(tables.records, TABLE)));
  ({ handler } = await import('./submit-contact-sales'));
  ({ recordsRepo } = await import('../adapters/records-repo'));
});

afterAll(async () => {
  client?.destroy();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('submitContactSales', () => {
  it('stores a valid request under kind contact-sales and answers 201 {ok:true}', async () => {
    const res = await handler(event(valid), context);
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body!)).toEqual({ ok: true });

    const rows = await recordsRepo.list('contact-sales', 10);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row.kind).toBe('contact-sales');
    expect(row.recordId).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[0-9a-f-]{36}$/);
    expect(row.recordId.startsWith(row.createdAt)).toBe(true);
    expect(row.data).toEqual({ ...valid, email: 'ada@example.com', userAgent: 'vitest' });
  });

  it('lists newest first and honours the limit', async () => {
    const later = (ms: number) => new Date(Date.now() + ms);
    await recordsRepo.add('contact-sales', { name: 'Second' }, later(1_000));
    await recordsRepo.add('contact-sales', { name: 'Third' }, later(2_000));
    const rows = await recordsRepo.list('contact-sales', 2);
    expect(rows.map((r) => r.data.name)).toEqual(['Third', 'Second']);
  });

  it.each([
    ['a missing company', { ...valid, company: '' }],
    ['an invalid e-mail', { ...valid, email: 'not-an-email' }],
    ['a negative seat count', { ...valid, seats: -3 }],
    ['an unknown field', { ...valid, admin: true }],
    ['a message over 5000 characters', { ...valid, message: 'x'.repeat(5001) }],
  ])('answers 400 with a code for %s and stores nothing', async (_what, body) => {
    const before = (await recordsRepo.list('contact-sales', 1000)).length;
    const res = await handler(event(body), context);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toMatchObject({ code: 'validation_failed' });
    expect(await recordsRepo.list('contact-sales', 1000)).toHaveLength(before);
  });

  it('answers 400 to a body that is not JSON, and 415 to another content type', async () => {
    const before = (await recordsRepo.list('contact-sales', 1000)).length;
    expect((await handler(event('{"name":'), context)).statusCode).toBe(400);
    expect((await handler(event(JSON.stringify(valid), 'text/plain'), context)).statusCode).toBe(415);
    expect(await recordsRepo.list('contact-sales', 1000)).toHaveLength(before);
  });
});
