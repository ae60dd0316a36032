// First: it decides the X-Ray SDK's mode, which the SDK reads when the Tracer's import loads it.
import './xray-manual-outside-lambda';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { config } from './config';

/**
 * One Powertools Tracer per container. It is off outside Lambda (no AWS_EXECUTION_ENV), so the
 * local stack and the tests run untraced. Built on first use, like the logger: the local stack sets
 * the service name after scripts that import handler code have loaded. Built, it also captures
 * outgoing HTTPS (the Stripe SDK's calls) as subsegments.
 */
let instance: Tracer | undefined;
export const tracer = (): Tracer => (instance ??= new Tracer({ serviceName: config.serviceName() }));

/** An AWS SDK v3 client whose calls show in the trace, one subsegment each (which DynamoDB, Cognito or S3 call was slow). */
export const traced = <T>(client: T): T => tracer().captureAWSv3Client(client);
