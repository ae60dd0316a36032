import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsEndpoints } from '../lib/config';

let client: DynamoDBDocumentClient | undefined;

/** One document client per container (cold start), reused across invocations. */
export function dynamo(): DynamoDBDocumentClient {
  if (!client) {
    const endpoint = awsEndpoints.dynamodb();
    const base = new DynamoDBClient(
      endpoint
        ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {},
    );
    client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return client;
}

export const isConditionalCheckFailed = (e: unknown): boolean =>
  e instanceof Error && e.name === 'ConditionalCheckFailedException';
