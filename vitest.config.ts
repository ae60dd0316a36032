import { defineConfig } from 'vitest/config';
import { splitByModuleMocks } from './scripts/test-all/module-mock-files';

/**
 * Five kinds of test: pure unit tests, handler integration tests against the local emulators
 * (started once by the global setup), the CDK assertions, the web tests in jsdom, and the Firefox
 * add-on install test (firefox-esr over WebDriver BiDi: test/firefox/install.test.ts says why
 * there). Unit and web tests that mock no module share a module cache per worker
 * (scripts/test-all/module-mock-files.ts).
 */
// CI runs on 2 loaded cores; one retry there keeps a timing hiccup from failing the run.
const retry = process.env.CI ? 1 : 0;

// Files that mock modules get a fresh module cache each; the others share one per worker.
const unit = splitByModuleMocks(import.meta.dirname, ['shared', 'scripts', 'extension'], /\.test\.ts$/);
const web = splitByModuleMocks(import.meta.dirname, ['web/src'], /\.test\.tsx?$/);

export default defineConfig({
  test: {
    // Integration tests mostly wait on the emulators (other processes), so 3 workers beat the
    // default of cores − 1 (= 1 on CI's 2 cores); every test makes its own users, so they may overlap.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          retry,
          include: unit.plain,
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'unit-mocking',
          environment: 'node',
          retry,
          include: unit.mocking,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          retry,
          include: ['{lambdas,test/integration,test/security}/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          setupFiles: ['test/integration/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          retry,
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          // One module cache in one worker: each environment is synthesised once, not once per
          // worker (three workers synthesised each up to three times: 65 CPU-s against 29).
          isolate: false,
          fileParallelism: false,
          // One worker needs a group of its own; npm test runs it beside the static checks.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          retry,
          include: web.plain,
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web-mocking',
          environment: 'jsdom',
          retry,
          include: web.mocking,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'firefox',
          environment: 'node',
          retry,
          include: ['test/firefox/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
