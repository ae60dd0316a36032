import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { BindableTable } from './constructs/api-function';
import type { EnvironmentConfig } from './environments';
import { imagesBucketName, resourcePrefix } from './names';
import { physicalTableName, tables, type TableKey } from '#shared/deploy/tables';

/**
 * References, by their deterministic names, to the data stack's tables and bucket. Stacks that
 * use them add an explicit dependency on the data stack instead of importing CloudFormation
 * exports.
 */
export class DataRefs extends Construct {
  readonly tables: Record<TableKey, BindableTable>;
  readonly imagesBucket: s3.IBucket;

  constructor(scope: Construct, id: string, env: EnvironmentConfig) {
    super(scope, id);
    const prefix = resourcePrefix(env);
    this.tables = Object.fromEntries(
      (Object.keys(tables) as TableKey[]).map((key) => {
        const def = tables[key];
        const table = dynamodb.Table.fromTableAttributes(this, `${key}Table`, {
          tableName: physicalTableName(prefix, def),
          globalIndexes: def.indexes.map((i) => i.indexName),
        });
        return [key, { table, def }];
      }),
    ) as Record<TableKey, BindableTable>;
    this.imagesBucket = s3.Bucket.fromBucketName(this, 'ImagesBucket', imagesBucketName(env));
  }
}
