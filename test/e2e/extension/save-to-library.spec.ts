/**
 * "Save to library" from the editor, against the local stack (issue #23 §1): the site hands the
 * extension an upload grant when the user signs in; the editor saves what it shows, once; a split
 * capture is saved whole and in order; signed out, Save goes through the site's sign-in and back.
 */
import type { Page } from '@playwright/test';
import { confirmedUser, stackEnv } from '../site/fixtures';
import { signOutElsewhere } from './sign-out-elsewhere';
import { expect, expectGrant, signInAndHandOver, signOutOfSite, siteUrl, storedLogin, test } from './site-extension';
import { SHORT_BANDS_PAGE } from './pages';

test.describe.configure({ mode: 'serial' });
// Sign-in on the site (Vite compiles its pages on first use) plus a capture and uploads.
test.setTimeout(120_000);

/** Counts the editor's calls to the grant routes (creates). */
function countCreates(editor: Page): () => number {
  let n = 0;
  editor.on('request', (r) => {
    if (r.method() === 'POST' && /\/extension\/images\/$/.test(new URL(r.url()).pathname)) n++;
  });
  return () => n;
}

async function signedIn(ext: Parameters<typeof signInAndHandOver>[0], email?: string) {
  await signOutOfSite(ext);
  email ??= await confirmedUser('save');
  const page = await ext.context.newPage();
  await page.goto(`${siteUrl()}/auth/signin`);
  await signInAndHandOver(ext, page, email);
  return page;
}

/** The statuses of the editor's POSTs to S3 (the presigned forms): the image, and beside it the thumbnail it made (issue #35 §2). */
function s3Uploads(editor: Page): number[] {
  const statuses: number[] = [];
  editor.on('response', (r) => {
    if (r.request().method() === 'POST' && !/\/extension\//.test(new URL(r.url()).pathname)) statuses.push(r.status());
  });
  return statuses;
}

/** The library's thumbnails, in the order shown. */
async function libraryTitles(page: Page, count: number): Promise<string[]> {
  await page.goto(`${siteUrl()}/images`);
  const thumbs = page.locator('[data-image-id]');
  await expect(thumbs).toHaveCount(count, { timeout: 15_000 });
  return thumbs.locator('.library-thumb__title').allTextContents();
}

test('capture → Save to library → Saved; a second click uploads nothing; the image is in /images with its title and URL', async ({ ext }) => {
  const site = await signedIn(ext);
  const page = await ext.open(SHORT_BANDS_PAGE);
  const pageUrl = page.url();
  const editor = await ext.capture(page);
  const creates = countCreates(editor);
  const uploads = s3Uploads(editor);

  await editor.getByRole('button', { name: 'Save to library' }).click();
  await expect(editor.locator('#save-done')).toBeVisible({ timeout: 30_000 });
  await expect(editor.locator('#save-done')).toContainText('Saved');
  // The editor uploaded the thumbnail it made, beside the image.
  expect(uploads).toEqual([204, 204]);
  await expect(editor.locator('#save-progress')).toHaveAttribute('aria-label', 'Saving to library');
  const open = editor.getByRole('link', { name: 'Open in library' });
  const href = await open.getAttribute('href');
  expect(href).toMatch(new RegExp(`^${siteUrl()}/images\\?image=[A-Za-z0-9_-]+$`));
  expect(creates()).toBe(1);

  // Unchanged: Saved again, nothing uploaded.
  await editor.getByRole('button', { name: 'Save to library' }).click();
  await expect(editor.locator('#save-live')).toHaveText('Saved (already in your library).');
  expect(creates()).toBe(1);

  // In the library, with the page's title and address; the link opens it in the viewer.
  expect(await libraryTitles(site, 1)).toEqual(['Bands']);
  // Its thumbnail is there: a WebP the library shows, 480 px wide (the capture is wider).
  const thumb = site.locator('[data-image-id] img.library-thumb__img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(480);
  const thumbFile = await site.request.get((await thumb.getAttribute('src'))!);
  expect(thumbFile.status()).toBe(200);
  expect(thumbFile.headers()['content-type']).toBe('image/webp');
  await site.goto(href!);
  const viewer = site.getByRole('dialog', { name: 'Bands' });
  await expect(viewer).toBeVisible({ timeout: 15_000 }); // after the stored session is checked (slow on a loaded machine)
  await expect(viewer.getByRole('link', { name: pageUrl })).toBeVisible();

  await editor.close();
  await page.close();
  await site.close();
});

test('a split capture is saved whole: one entry per part, "(1 of 3)" titles, together and in order', async ({ ext }) => {
  const site = await signedIn(ext);
  // A lowered limit (test builds only) splits the 8,100 px page into three images.
  await ext.setStorage({ testHooks: { canvasLimits: { maxSide: 3000, maxArea: 268_435_456 } } });
  try {
    const page = await ext.open('/bands.html');
    const editor = await ext.capture(page);
    await expect(editor.locator('#split-note')).toContainText('split into 3 images');
    await editor.getByRole('button', { name: 'Save to library' }).click();
    await expect(editor.locator('#save-done')).toBeVisible({ timeout: 60_000 });
    await expect(editor.locator('#save-done')).toContainText('Saved (3 images, in order)');
    expect(await libraryTitles(site, 3)).toEqual(['Bands (1 of 3)', 'Bands (2 of 3)', 'Bands (3 of 3)']);
    // The part number also sits over each thumbnail, where a narrow tile cannot cut it.
    expect(await site.locator('.library-thumb__part').allTextContents()).toEqual(['Part 1 of 3', 'Part 2 of 3', 'Part 3 of 3']);
    await editor.close();
    await page.close();
  } finally {
    await ext.removeStorage(['testHooks']);
    await site.close();
  }
});

test('signed out, Save goes through the site\'s sign-in and back to the same capture, which then saves', async ({ ext }) => {
  await signOutOfSite(ext);
  expect(await storedLogin(ext)).toBeUndefined();
  const email = await confirmedUser('save-signin');
  const page = await ext.open(SHORT_BANDS_PAGE);
  const editor = await ext.capture(page);
  const captureId = new URL(editor.url()).searchParams.get('id')!;

  // Signed out on the site: the editor says so and keeps the capture; "Sign in again" goes to the site.
  await editor.getByRole('button', { name: 'Save to library' }).click();
  await editor.getByRole('button', { name: 'Sign in again' }).click();
  await editor.waitForURL(new RegExp(`^${siteUrl()}/auth/signin`));
  await expect(editor.getByText('Sign in to save your capture to your image library.')).toBeVisible();
  await signInAndHandOver(ext, editor, email);
  await editor.getByRole('link', { name: 'Return to extension' }).click();
  await editor.waitForURL((u) => u.protocol === 'chrome-extension:' && u.pathname === '/editor.html' && u.searchParams.get('id') === captureId);
  await editor.waitForFunction(() => document.body.dataset.state === 'ready');
  await expectGrant(ext);

  await editor.getByRole('button', { name: 'Save to library' }).click();
  await expect(editor.locator('#save-done')).toBeVisible({ timeout: 30_000 });
  const site = await ext.context.newPage();
  expect(await libraryTitles(site, 1)).toEqual(['Bands']);
  // Its thumbnail is there: a WebP the library shows, 480 px wide (the capture is wider).
  const thumb = site.locator('[data-image-id] img.library-thumb__img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(480);
  const thumbFile = await site.request.get((await thumb.getAttribute('src'))!);
  expect(thumbFile.status()).toBe(200);
  expect(thumbFile.headers()['content-type']).toBe('image/webp');
  await site.close();
  await editor.close();
  await page.close();
});

test('a revoked grant (signed out elsewhere) fails with "Sign in again", keeping the capture', async ({ ext }) => {
  const email = await confirmedUser('save-revoked');
  const site = await signedIn(ext, email);
  const page = await ext.open(SHORT_BANDS_PAGE);
  const editor = await ext.capture(page);
  const env = stackEnv();
  expect(await signOutElsewhere({ endpoint: env.COGNITO_ENDPOINT, userPoolClientId: env.USER_POOL_CLIENT_ID }, process.env.FPS_API_URL!, email)).toBe(200);
  expect((await storedLogin(ext))?.login.upload_grant).toBeTruthy();
  await editor.getByRole('button', { name: 'Save to library' }).click();
  await expect(editor.getByRole('alert').filter({ hasText: 'Your session has expired' })).toBeVisible({ timeout: 30_000 });
  await expect(editor.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  await expect(editor.locator('body')).toHaveAttribute('data-state', 'ready');
  await editor.close();
  await page.close();
  await site.close();
});
