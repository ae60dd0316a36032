import { test as base, expect } from '@playwright/test';
import type { SeedResult } from '../../../scripts/local/seed';

/** Browser tests against the local stack started by the global setup. */
export const test = base.extend<{ seed: SeedResult }>({
  baseURL: async ({}, use) => use(process.env.FPS_SITE_URL),
  seed: async ({}, use) => use(JSON.parse(process.env.FPS_SEED ?? '{"accounts":[]}') as SeedResult),
});
export { expect };

export const demoAccount = (seed: SeedResult, role: string) => {
  const a = seed.accounts.find((x) => x.role.startsWith(role));
  if (!a) throw new Error(`no demo account ${role}`);
  return a;
};
