import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { storageFullMessage } from '#shared/rules/storage-quota';
import { expectAccessible } from './axe';
import { confirmedUser, expect as baseExpect, fillSignIn, stackEnv, test } from './fixtures';

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The storage quota in a real browser against the local stack (docs/images.md "Storage quota"):
 * a Basic user whose library is nearly full uploads past the limit; the upload is refused with the
 * API's message, nothing is stored, and the image count and the usage figure stay as they were.
 * After deleting an image to make room, the kept file is uploaded without choosing it again.
 *
 * The library is filled by writing one finalised image straight to the local database (only its
 * `size` counts), a test-only means: the limits stay the product's own (STORAGE_LIMIT_BASIC_BYTES).
 */

const PNG = join(import.meta.dirname, '../../fixtures/images/sample-page.png');

/** The repositories the API uses, loaded once the stack's env (tables, emulators) is set. */
async function backend() {
  for (const [k, v] of Object.entries(stackEnv())) process.env[k] ??= v;
  const [{ imagesRepo }, { usersRepo }, s3, { imageKeys, newImageId }] = await Promise.all([
    import('../../../lambdas/adapters/images-repo'),
    import('../../../lambdas/adapters/users-repo'),
    import('../../../lambdas/adapters/s3-client'),
    import('../../../lambdas/images/lib/image-keys'),
  ]);
  return { imagesRepo, usersRepo, s3, imageKeys, newImageId };
}

/** A finalised image taking `size` bytes of the user's quota; its stored files are the small sample. */
async function filler(userId: string, size: number) {
  const { imagesRepo, s3, imageKeys, newImageId } = await backend();
  const png = await readFile(PNG);
  const imageId = newImageId(Date.now());
  const keys = imageKeys(userId, imageId);
  await Promise.all([s3.putObject(keys.original, png, 'image/png'), s3.putObject(keys.thumb, png, 'image/png')]);
  const now = new Date().toISOString();
  await imagesRepo.put({
    userId, imageId, title: 'Big archive', notes: '', urlLink: null, objectKey: keys.original, thumbKey: keys.thumb,
    status: 'ready', contentType: 'image/png', size, width: 800, height: 1600, created: now, updated: now,
  });
}

async function chooseFile(page: Page) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload from computer' }).click();
  await (await chooser).setFiles(PNG);
}

const meter = (page: Page) => page.getByRole('meter', { name: 'Storage used' });
const count = (page: Page) => page.locator('.library-body__count');

test.beforeAll(async ({ browser }) => {
  // First visit lets Vite pre-bundle the sign-in dependencies (it may reload the page once).
  const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
  await page.goto('/auth/signin');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.close();
});

test('an upload past the storage limit is refused and stores nothing; after making room the kept file goes in', async ({ page }) => {
  test.slow(); // signs in, uploads, deletes and uploads again
  const { imagesRepo, usersRepo } = await backend();
  const limit = Number(stackEnv().STORAGE_LIMIT_BASIC_BYTES);
  const premium = Number(stackEnv().STORAGE_LIMIT_PREMIUM_BYTES);
  const png = await readFile(PNG);
  const email = await confirmedUser('quota');
  const user = await usersRepo.findByEmail(email);
  if (!user) throw new Error(`no user row for ${email}`);
  const used = limit - 1000; // 1,000 bytes left: less than the 57 KB sample
  await filler(user.userId, used);

  await page.goto('/auth/signin?redirectPath=%2Fimages');
  await fillSignIn(page, email);
  await expect(page).toHaveURL(/\/images$/);
  const usedText = '1 GB of 1 GB used';
  await expect(meter(page)).toHaveAttribute('aria-valuetext', usedText);
  await expect(meter(page)).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(usedText, { exact: true })).toBeVisible();
  await expect(count(page)).toHaveText('1 image');

  // Past the limit: the API refuses before anything is stored, and the site shows its message.
  await chooseFile(page);
  const viewer = page.getByRole('dialog');
  await viewer.getByRole('button', { name: 'Upload', exact: true }).click();
  const message = storageFullMessage({ usedBytes: used, limitBytes: limit, plan: 'basic', premiumLimitBytes: premium, fileBytes: png.length });
  await expect(viewer.getByRole('alert')).toContainText(message);
  // The user loses nothing: the file is still chosen and the form can be sent again.
  await expect(viewer.getByText(/^sample-page\.png · 57 KB$/)).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
  // Nothing stored: one row (the filler), the count and the usage figure unchanged.
  expect((await imagesRepo.list(user.userId)).map((r) => r.title)).toEqual(['Big archive']);
  await viewer.getByRole('button', { name: 'Cancel' }).click();
  await expect(viewer).toBeHidden();
  await expect(count(page)).toHaveText('1 image');
  await expect(meter(page)).toHaveAttribute('aria-valuetext', usedText);

  // The refused file is kept while the user makes room (360 px wide: nothing scrolls sideways).
  await page.setViewportSize({ width: 360, height: 740 });
  const held = page.getByRole('status').filter({ hasText: 'did not fit in your library' });
  await expect(held).toContainText('“sample-page.png” (57 KB) did not fit in your library.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'library full, refused file kept');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Big archive' }).click();
  await viewer.getByRole('button', { name: 'Delete' }).click();
  await viewer.getByRole('button', { name: 'Are you sure?' }).click();
  await expect(viewer).toBeHidden();
  await expect(meter(page)).toHaveAttribute('aria-valuetext', '0 B of 1 GB used');

  await held.getByRole('button', { name: 'Upload it now' }).click();
  await viewer.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(viewer).toBeHidden();
  await expect(count(page)).toHaveText('1 image');
  await expect(meter(page)).toHaveAttribute('aria-valuetext', '57 KB of 1 GB used');
  await expect(held).toBeHidden();
  expect((await imagesRepo.list(user.userId)).map((r) => [r.title, r.size])).toEqual([['sample-page', png.length]]);
});
