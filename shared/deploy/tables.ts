/**
 * DynamoDB table definitions: the one source read by the CDK data stack, the local stack (dynalite)
 * and the handlers (lambdas/lib/config.ts, for each table's env var). Plain data, no CDK or AWS SDK
 * import, so every layer can read it.
 */
import type { LambdaEnvName } from './lambda-env';

export interface KeyDef { name: string; type: 'S' | 'N' }
interface IndexDef { indexName: string; partitionKey: KeyDef; sortKey?: KeyDef }
export interface TableDef {
  /** Logical name; the physical name is `<prefix>-<name>`. */
  name: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  indexes: IndexDef[];
  /** Declared in CDK only: dynalite has no UpdateTimeToLive, so code checks expiry itself. */
  ttlAttribute?: string;
  /** Env var through which handlers learn the physical table name (one of shared/deploy/lambda-env.ts). */
  envVar: LambdaEnvName;
}

const S = (name: string): KeyDef => ({ name, type: 'S' });

export const tables = {
  users: {
    name: 'users', envVar: 'USERS_TABLE', partitionKey: S('userId'),
    indexes: [
      { indexName: 'byEmail', partitionKey: S('email') },
      { indexName: 'byStripeCustomer', partitionKey: S('stripeCustomerId') },
    ],
  },
  orgs: {
    // sk is `ORG` for the organisation and `MEMBER#<userId>` for each member (invitation included).
    name: 'orgs', envVar: 'ORGS_TABLE', partitionKey: S('orgId'), sortKey: S('sk'),
    indexes: [{ indexName: 'byMember', partitionKey: S('memberUserId'), sortKey: S('orgId') }],
    ttlAttribute: 'ttl',
  },
  images: {
    name: 'images', envVar: 'IMAGES_TABLE', partitionKey: S('userId'), sortKey: S('imageId'), indexes: [],
    // Pending (never finalised) images expire; finalising removes the attribute (docs/images.md).
    ttlAttribute: 'expiresAt',
  },
  shares: {
    // Share links (docs/images.md): pk is the SHA-256 of the link's token, so the token itself is
    // stored nowhere; byOwner lists a user's links (ownerKey = `<imageId>#<shareId>`). Links with an
    // expiry carry `expiresAt` (epoch seconds, TTL); the code checks it too (dynalite has no TTL).
    name: 'shares', envVar: 'SHARES_TABLE', partitionKey: S('tokenHash'),
    indexes: [{ indexName: 'byOwner', partitionKey: S('userId'), sortKey: S('ownerKey') }],
    ttlAttribute: 'expiresAt',
  },
  grants: {
    // Upload grants the site hands the extension (docs/security.md): pk = SHA-256 of the token, so
    // a leaked table holds no usable grant; byUser lets sign-out revoke all of a user's grants.
    name: 'grants', envVar: 'GRANTS_TABLE', partitionKey: S('tokenHash'),
    indexes: [{ indexName: 'byUser', partitionKey: S('userId') }],
    ttlAttribute: 'expiresAt',
  },
  records: {
    // Append-only records staff read: contact-sales requests and the admin audit trail. pk = kind.
    name: 'records', envVar: 'RECORDS_TABLE', partitionKey: S('kind'), sortKey: S('recordId'), indexes: [],
  },
  idempotency: {
    // Powertools idempotency persistence (webhook events, invitations).
    name: 'idempotency', envVar: 'IDEMPOTENCY_TABLE', partitionKey: S('id'), indexes: [], ttlAttribute: 'expiration',
  },
} satisfies Record<string, TableDef>;

export type TableKey = keyof typeof tables;

/** The partitions (`kind`) of the records table: what kinds of append-only records staff read. */
export type RecordKind = 'contact-sales' | 'admin-audit';
export const tableList: TableDef[] = Object.values(tables);
export const physicalTableName = (prefix: string, t: TableDef) => `${prefix}-${t.name}`;
