import { defineConfig } from '@playwright/test';

// Debian's Chromium; Playwright cannot download its own browser here.
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  // Two workers. A third was tried (session 13): the suite took 775 s against 720 s with two, each
  // test about twice as long, so CI's 2 cores are the limit, not waiting. Site tests make their own
  // users, so they may overlap.
  workers: 2,
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
    { name: 'extension', testDir: 'test/e2e/extension' },
    { name: 'site', testDir: 'test/e2e/site' },
  ],
});
