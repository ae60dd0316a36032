import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RecordKind } from '#shared/deploy/tables';
import { tableName } from '../lib/config';
import { dynamo } from './dynamo-client';

export interface RecordRow<D = Record<string, unknown>> {
  /** Partition key: the kind of record. */
  kind: RecordKind;
  /** Sort key: ISO time + '#' + random id, so a query by kind reads in time order. */
  recordId: string;
  createdAt: string;
  data: D;
}

const TABLE = () => tableName('records');

/** `2025-01-31T12:00:00.000Z#3f2a…`: sorts by time, unique even within one millisecond. */
export const newRecordId = (now: Date = new Date()): string => `${now.toISOString()}#${randomUUID()}`;

export const recordsRepo = {
  /** Appends a record; the condition makes an (astronomically unlikely) id collision fail instead of overwrite. */
  async add<D extends Record<string, unknown>>(kind: RecordKind, data: D, now: Date = new Date()): Promise<RecordRow<D>> {
    const row: RecordRow<D> = { kind, recordId: newRecordId(now), createdAt: now.toISOString(), data };
    await dynamo().send(
      new PutCommand({ TableName: TABLE(), Item: row, ConditionExpression: 'attribute_not_exists(#id)', ExpressionAttributeNames: { '#id': 'recordId' } }),
    );
    return row;
  },

  /** The newest `limit` records of a kind, newest first (for staff). */
  async list<D = Record<string, unknown>>(kind: RecordKind, limit = 50): Promise<RecordRow<D>[]> {
    return (await this.page<D>(kind, { limit })).items;
  },

  /**
   * One page of a kind's records, newest first: up to `limit` records older than the record id
   * `before` (the previous page's cursor). `nextCursor` is null on the last page.
   */
  async page<D = Record<string, unknown>>(
    kind: RecordKind,
    opts: { limit?: number; before?: string } = {},
  ): Promise<{ items: RecordRow<D>[]; nextCursor: string | null }> {
    const r = await dynamo().send(
      new QueryCommand({
        TableName: TABLE(),
        KeyConditionExpression: '#kind = :k',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':k': kind },
        ScanIndexForward: false,
        Limit: Math.max(1, Math.min(opts.limit ?? 50, 1000)),
        ...(opts.before ? { ExclusiveStartKey: { kind, recordId: opts.before } } : {}),
      }),
    );
    const items = (r.Items ?? []) as RecordRow<D>[];
    const last = r.LastEvaluatedKey?.recordId;
    return { items, nextCursor: typeof last === 'string' ? last : null };
  },
};
export type RecordsRepo = typeof recordsRepo;
