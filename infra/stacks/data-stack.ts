import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { BindableTable } from '../constructs/api-function';
import type { EnvironmentConfig } from '../environments';
import { imagesBucketName, resourcePrefix } from '../names';
import { physicalTableName, tableList, tables, type TableKey } from '#shared/deploy/tables';

export interface DataStackProps extends StackProps {
  config: EnvironmentConfig;
  /** Origins the browser uploads from (infra/site-url.ts; CloudFront's domain without a certificate). */
  siteOrigins: string[];
}

const attr = (k: { name: string; type: 'S' | 'N' }): dynamodb.Attribute => ({
  name: k.name,
  type: k.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER,
});

/**
 * Stateful resources: one DynamoDB table per entry of shared/deploy/tables.ts (the local stack creates its
 * dynalite tables from the same file) and the private image bucket. Names are deterministic (see
 * names.ts), so the API stack reaches them by name.
 */
export class DataStack extends Stack {
  readonly tables: Record<TableKey, BindableTable>;
  readonly imagesBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const env = props.config;
    const removalPolicy = env.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const byDef = new Map<string, BindableTable>();
    for (const def of tableList) {
      const table = new dynamodb.Table(this, `${def.name[0]!.toUpperCase()}${def.name.slice(1)}Table`, {
        tableName: physicalTableName(resourcePrefix(env), def),
        partitionKey: attr(def.partitionKey),
        sortKey: def.sortKey ? attr(def.sortKey) : undefined,
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        timeToLiveAttribute: def.ttlAttribute,
        deletionProtection: env.retainData,
        removalPolicy,
      });
      for (const index of def.indexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attr(index.partitionKey),
          sortKey: index.sortKey ? attr(index.sortKey) : undefined,
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      byDef.set(def.name, { table, def });
    }
    this.tables = Object.fromEntries(
      (Object.keys(tables) as TableKey[]).map((k) => [k, byDef.get(tables[k].name)!]),
    ) as Record<TableKey, BindableTable>;

    // Server access logs of the image bucket. This bucket is the log sink itself.
    const accessLogs = new s3.Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(env.retainData ? 365 : 30) }],
      removalPolicy,
      autoDeleteObjects: !env.retainData,
    });
    // AwsSolutions-S1: logging the access-log bucket would log into itself (or need a third bucket
    // for the logs of the logs); the sink is private, SSL-only and expires its objects.
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the server-access-log sink; logging it would be recursive.',
    });

    this.imagesBucket = new s3.Bucket(this, 'ImagesBucket', {
      bucketName: imagesBucketName(env),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'images/',
      // The browser uploads with a presigned POST (size and type in its policy) and shows and
      // downloads images with presigned GETs, from the site's origin(s) and the extension's (Save to library).
      cors: [{
        allowedOrigins: props.siteOrigins,
        allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
        allowedHeaders: ['content-type'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      }],
      lifecycleRules: [{
        noncurrentVersionExpiration: Duration.days(30),
        abortIncompleteMultipartUploadAfter: Duration.days(7),
        expiredObjectDeleteMarker: true,
      }, {
        // Uploads never finalised (finalise deletes its upload object): swept after a day.
        id: 'abandoned-uploads',
        prefix: 'uploads/',
        expiration: Duration.days(1),
        noncurrentVersionExpiration: Duration.days(1),
      }],
      removalPolicy,
      autoDeleteObjects: !env.retainData,
    });
  }
}
