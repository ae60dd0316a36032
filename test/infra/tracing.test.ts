/**
 * X-Ray shows the slow call: in Lambda, every SDK client the adapters build carries the X-Ray
 * middleware (Powertools `captureAWSv3Client`), and every route's bundle wraps its handler with
 * Powertools `captureLambdaHandler` (the middy chain in lambdas/lib/define-handler.ts).
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/api/routes';
import { lambdaEsbuildOptions } from '../../infra/bundling';
import { repoRoot } from '../../infra/settings';

/** The name aws-xray-sdk-core gives the middleware it adds to an SDK v3 client. */
const XRAY_MIDDLEWARE = 'XRaySDKInstrumentation';
const stackNames = (client: { middlewareStack: { identify(): string[] } }) => client.middlewareStack.identify().join(' ');

describe('tracing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('in Lambda, the DynamoDB, S3 and Cognito clients carry the X-Ray middleware', async () => {
    // Tracing is on only inside Lambda (AWS_EXECUTION_ENV); fresh modules, so the clients are built under it.
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    vi.resetModules();
    const { dynamoBase, dynamoCached } = await import('../../lambdas/adapters/dynamo-client');
    const { s3 } = await import('../../lambdas/adapters/s3-client');
    const { cognito } = await import('../../lambdas/adapters/cognito-client');
    for (const client of [dynamoBase(), dynamoCached(), s3(), cognito()]) expect(stackNames(client)).toContain(XRAY_MIDDLEWARE);
  });

  it('outside Lambda (local stack, tests) the clients are left as they are', async () => {
    vi.resetModules();
    const { dynamoBase } = await import('../../lambdas/adapters/dynamo-client');
    expect(stackNames(dynamoBase())).not.toContain(XRAY_MIDDLEWARE);
  });

  it.each([routes.lookupAccount, routes.grantCreateImage])('the $id bundle wraps its handler with captureLambdaHandler', async (route) => {
    const opts = lambdaEsbuildOptions(join(repoRoot, 'lambdas', `${route.handler}.ts`), '/tmp/fps-tracing/index.mjs');
    const r = await build({ ...opts, absWorkingDir: repoRoot, write: false, metafile: true, minify: false });
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs.some((i) => i.includes('@aws-lambda-powertools/tracer/lib/esm/middleware/middy.js'))).toBe(true);
    const code = r.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text;
    expect(code).toMatch(/captureLambdaHandler\(tracer\(\)/);
  }, 60_000);
});
