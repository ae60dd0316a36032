import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomPorts } from '../../scripts/local/ports';
import { startLocalStack } from '../../scripts/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stackEnv: Record<string, string>;
    stackUrls: Record<string, string>;
    cognitoPool: { userPoolId: string; userPoolClientId: string; endpoint: string; issuer: string };
  }
}

/**
 * Starts the same local stack as `npm start` (without the web server) on free ports and a
 * throw-away state folder; handler tests in the workers use it through the env provided here.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'fps-it-'));
  const stack = await startLocalStack({ ports: await randomPorts(), dataDir });
  project.provide('stackEnv', stack.env);
  project.provide('stackUrls', stack.urls);
  project.provide('cognitoPool', {
    userPoolId: stack.cognito.userPoolId, userPoolClientId: stack.cognito.userPoolClientId,
    endpoint: stack.cognito.endpoint, issuer: stack.cognito.issuer,
  });
  return async () => {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
