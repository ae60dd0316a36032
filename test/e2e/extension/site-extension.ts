/**
 * The extension fixtures with the extension built for the local stack's site (the dev key, so
 * its id is the one the site's config allows): the site's bridge talks to it, so signing in on
 * the site tells the extension, upload grant included. Pages to capture still come from the
 * fixtures' own test servers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildExtension } from '../../../scripts/build-extension';
import { confirmedUser, fillSignIn } from '../site/fixtures';
import { ExtensionHarness, expect, extensionIdOf, launchWithExtension, test as base } from './fixtures';

export const siteUrl = () => process.env.FPS_SITE_URL!;

export const test = base.extend<{ ownExt: ExtensionHarness }, { extensionDir: string }>({
  // A browser of its own for a test that fakes the clock (Playwright installs it per context, for good).
  ownExt: async ({ extensionDir, dpr, windowSize, servers }, use) => {
    const browser = await launchWithExtension(extensionDir, dpr, windowSize);
    try {
      await use(new ExtensionHarness(browser.context, await extensionIdOf(browser.context), servers));
    } finally {
      await browser.close();
    }
  },
  extensionDir: [
    async ({}, use) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'fps-ext-site-'));
      await buildExtension({
        outDir: path.join(dir, 'ext'), zipPath: false, testBuild: true, devKey: true,
        siteOrigins: [new URL(siteUrl()).origin], siteUrl: siteUrl(),
      });
      await use(path.join(dir, 'ext'));
      await rm(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** The extension's stored login (what the site last told it). */
export const storedLogin = (ext: ExtensionHarness) =>
  ext.getStorage('login') as Promise<{ login: { userId: string; upload_grant?: { token: string; expiresAt: number; apiUrl: string } } } | undefined>;

/** Signs in on the site's sign-in page (already open in `page`) and waits until the site has handed the extension a grant. */
export async function signInAndHandOver(ext: ExtensionHarness, page: Page, email: string): Promise<void> {
  await fillSignIn(page, email);
  await page.waitForURL(/\/account/);
  await expectGrant(ext);
}

export async function expectGrant(ext: ExtensionHarness): Promise<void> {
  // An account load and a grant on the dev server of a loaded machine: allow 30 s.
  for (let i = 0; i < 300; i++) {
    if ((await storedLogin(ext))?.login.upload_grant) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the site did not hand the extension an upload grant');
}

/**
 * Signs out of the site as a person does, by opening /auth/signout (which logs the extension out
 * and revokes its grants), and closes the tab once the extension holds no login: the site shows
 * the signed-out page before the extension has answered, and a person reads it for longer.
 */
export async function signOutOfSite(ext: ExtensionHarness): Promise<void> {
  const page = await ext.context.newPage();
  await page.goto(`${siteUrl()}/auth/signout`);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/signout'), { timeout: 30_000 });
  for (let i = 0; i < 100 && (await storedLogin(ext)); i++) await new Promise((r) => setTimeout(r, 100));
  await page.close();
}

/** Whether the API takes `grant` for a save (201) or refuses it (401): asked directly, as a copy of the grant would be. */
export async function grantStatus(grant: { token: string; apiUrl: string }): Promise<number> {
  const r = await fetch(`${grant.apiUrl.replace(/\/+$/, '')}/extension/images/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-upload-grant': grant.token },
    body: JSON.stringify({ title: 'Probe', notes: '', urlLink: null, contentType: 'image/png' }),
  });
  return r.status;
}

/** A new confirmed user signed in on the site in `page`, which ends on `next`. */
export async function signInOnSite(page: Page, next = '/images'): Promise<string> {
  const email = await confirmedUser('ext');
  await page.goto(`${siteUrl()}/auth/signin?redirectPath=${encodeURIComponent(next)}`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  await fillSignIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`), { timeout: 30_000 });
  return email;
}
