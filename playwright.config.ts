import { defineConfig } from '@playwright/test';

// Debian's Chromium; Playwright cannot download its own browser here.
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  // Three workers on CI's 2 cores: the suite is mostly waiting (Chrome's capture quota, the local
  // stack), not computing. Measured: 650 CPU-s for 720 s of wall time with two workers, so a
  // third fits; site tests make their own users, so they may overlap.
  workers: 3,
  // npm test also asks for a JSON report (scripts/test-all.ts names its file), to list the slowest tests.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './test/e2e/global-setup.ts',
  use: {
    launchOptions: {
      // Chromium 156.0.8078.79 treats a document Playwright fulfils (route.fulfill) as public and
      // blocks its requests to 127.0.0.1 (Local Network Access); the local stack is all loopback.
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-features=LocalNetworkAccessChecks'],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'extension', testDir: 'test/e2e/extension' },
    { name: 'site', testDir: 'test/e2e/site' },
  ],
});
