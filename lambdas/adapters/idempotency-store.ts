import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { tableName } from '../lib/config';
import { dynamoBase } from './dynamo-client';

/** The Powertools idempotency records (the idempotency table), on the container's low-level DynamoDB client. */
export function idempotencyStore(): DynamoDBPersistenceLayer {
  return new DynamoDBPersistenceLayer({ tableName: tableName('idempotency'), awsSdkV3Client: dynamoBase() });
}
