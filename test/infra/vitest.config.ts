import { defineConfig } from 'vitest/config';

/**
 * Standalone config for the CDK assertions (`npx vitest run --config test/infra/vitest.config.ts`):
 * they need no local emulators, so they skip the root config's local-stack global setup.
 * The root config still includes test/infra, so `npm test` runs them too.
 */
export default defineConfig({
  test: {
    name: 'infra',
    environment: 'node',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/infra/**/*.test.ts'],
    testTimeout: 60_000,
    // Files share one module cache per worker, so each environment is synthesised once per worker.
    isolate: false,
  },
});
