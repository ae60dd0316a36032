import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsEndpoints } from '../lib/config';

let base: DynamoDBClient | undefined;
let client: DynamoDBDocumentClient | undefined;

/** The low-level client (Powertools idempotency wants this one). One per container. */
export function dynamoBase(): DynamoDBClient {
  if (!base) {
    const endpoint = awsEndpoints.dynamodb();
    base = new DynamoDBClient(
      endpoint
        ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {},
    );
  }
  return base;
}

/** One document client per container (cold start), reused across invocations. */
export function dynamo(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(dynamoBase(), { marshallOptions: { removeUndefinedValues: true } });
  return client;
}

export const isConditionalCheckFailed = (e: unknown): boolean =>
  e instanceof Error && e.name === 'ConditionalCheckFailedException';
