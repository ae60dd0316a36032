/**
 * The extension together with the real website of the local stack (the global setup's
 * FPS_SITE_URL): a dev-key build, so it has the id the local site's bridge looks for, that trusts
 * that site. The test pages to capture still come from the extension fixtures' own servers.
 */
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import type { Page } from '@playwright/test';
import { buildExtension } from '../../../scripts/build-extension';
import { confirmedUser, fillSignIn } from '../site/fixtures';
import { expect, test as base } from './fixtures';

export const siteUrl = () => {
  const url = process.env.FPS_SITE_URL;
  if (!url) throw new Error('FPS_SITE_URL is not set: the global setup starts the local stack');
  return url;
};

export const test = base.extend({
  extensionDir: [
    async ({}, use) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'fps-ext-site-'));
      await buildExtension({ outDir: path.join(dir, 'ext'), zipPath: false, siteOrigins: [siteUrl()], siteUrl: siteUrl(), devKey: true, testBuild: true });
      await use(path.join(dir, 'ext'));
      await rm(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** A new confirmed user signed in on the site in `page`, which ends on `next`. */
export async function signInOnSite(page: Page, next = '/images'): Promise<string> {
  const email = await confirmedUser('ext');
  await page.goto(`${siteUrl()}/auth/signin?redirectPath=${encodeURIComponent(next)}`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  await fillSignIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`), { timeout: 30_000 });
  return email;
}
