import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_EXTENSION_ORIGIN } from '../../extension/dev-key';
import { randomPorts } from '../../scripts/local/ports';
import { seedDemoData } from '../../scripts/local/seed';
import { startLocalStack } from '../../scripts/local/stack';

/**
 * Starts the whole local stack (as `npm start` does, on free ports and fresh state, with the site
 * built and served as CloudFront serves it) for the browser tests. Env vars set here reach the
 * test workers. test/e2e/site/dev-server.spec.ts covers npm start's dev server.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'fps-e2e-'));
  const stack = await startLocalStack({ ports: await randomPorts(), dataDir, web: 'built', extensionOrigins: [DEV_EXTENSION_ORIGIN] });
  const seed = await seedDemoData(stack.cognito, dataDir, stack.urls.web);
  process.env.FPS_SITE_URL = stack.urls.web;
  process.env.FPS_API_URL = stack.urls.api;
  process.env.FPS_STRIPE_URL = stack.urls.stripe;
  process.env.FPS_OUTBOX_URL = stack.urls.outbox;
  process.env.FPS_SEED = JSON.stringify(seed);
  process.env.FPS_STACK_ENV = JSON.stringify(stack.env);
  process.env.FPS_CONFIG_JSON = stack.configFile;
  return async () => {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
