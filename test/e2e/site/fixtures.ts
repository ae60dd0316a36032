import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import type { LocalCognito } from '../../../scripts/local/cognito';
import { signUpConfirmed, type SeedResult } from '../../../scripts/local/seed';

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

export const PASSWORD = 'Password123';
export const stackEnv = () => JSON.parse(process.env.FPS_STACK_ENV ?? '{}') as Record<string, string>;
export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** A confirmed user made straight through cognito-local, as the seed makes them (the trigger writes the row). */
export function confirmedUser(tag = 'user', email = uniqueEmail(tag)): Promise<string> {
  const env = stackEnv();
  const pool = { endpoint: env.COGNITO_ENDPOINT, userPoolId: env.USER_POOL_ID, userPoolClientId: env.USER_POOL_CLIENT_ID } as LocalCognito;
  return signUpConfirmed(pool, email, PASSWORD).then(() => email);
}

/** Fills the site's sign-in form (the Authenticator locally) and submits it. */
export async function fillSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
