import { defineConfig } from '@playwright/test';

// Debian's Chromium; Playwright cannot download its own browser here.
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  // Three workers, at most two per project. The site tests keep a core busy each (95 % of 2 cores
  // alone); the extension tests mostly wait on Chrome's 2-per-second capture quota (58 % alone), so
  // a third worker runs a site test beside two of them. Site tests make their own users, so they may overlap.
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
    // Recorded on the retry of a failed test only: recording every test (its screencast and DOM
    // snapshots) cost the site suite 36 % of its CPU (765 → 487 CPU-s, session 14).
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'extension', testDir: 'test/e2e/extension', workers: 2 },
    { name: 'site', testDir: 'test/e2e/site', workers: 2 },
  ],
});
