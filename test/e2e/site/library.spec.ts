import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { demoAccount, expect as baseExpect, test } from './fixtures';

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The image library in a real browser against the local stack: a demo user signs in through the
 * site, uploads a PNG from disk (presigned POST to the local S3, server-side thumbnail with sharp), finds
 * it first in the grid, opens it, edits title and notes, sorts by name and by source address, and
 * deletes it.
 */

const PNG = join(import.meta.dirname, '../../fixtures/images/sample-page.png');

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/signin?redirectPath=%2Fimages');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/images$/);
}

const headerTitle = (page: Page) => page.locator('.library-header__title');
const thumbnails = (page: Page) => page.locator('button[data-image-id]');
/** The group (section) holding the thumbnail with this title. */
const groupOf = (page: Page, title: string) => page.locator('section.library-group').filter({ has: page.getByRole('button', { name: title, exact: true }) });

async function chooseSort(page: Page, label: string) {
  await page.getByRole('button', { name: /^Sort/ }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

async function expectLoaded(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test.describe('image library', () => {
  test.beforeAll(async ({ browser }) => {
    // First visit lets Vite pre-bundle the sign-in dependencies (it may reload the page once).
    const page = await browser.newPage({ baseURL: process.env.FPS_SITE_URL });
    await page.goto('/auth/signin');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.close();
  });

  test('a signed-out visitor is asked to sign in and comes back to /images', async ({ page }) => {
    await page.goto('/images');
    await expect(headerTitle(page)).toHaveText('Library');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/signin?redirectPath=%2Fimages');
  });

  test('an image uploaded without notes can be renamed, and "Download image" saves its bytes without a new tab', async ({ page, seed }) => {
    test.slow(); // signs in, creates users or uploads, and waits on several round trips
    const account = demoAccount(seed, 'premium');
    await signIn(page, account.email, account.password);
    const tag = randomUUID().slice(0, 8);

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Upload from computer' }).click();
    await (await chooser).setFiles(PNG);
    const viewer = page.getByRole('dialog');
    await viewer.getByLabel('Title').fill(`No notes ${tag}`);
    await viewer.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(viewer).toBeHidden();
    await thumbnails(page).first().click();
    const info = viewer.getByRole('complementary', { name: 'Info' });
    await expect(info).toContainText('No notes');

    // Rename without notes.
    await info.getByRole('button', { name: 'Edit' }).click();
    const form = viewer.getByRole('complementary', { name: 'Update Image' });
    await expect(form.getByLabel('Notes')).toHaveValue('');
    await form.getByLabel('Title').fill(`Renamed café ${tag}`);
    await expect(form.getByRole('button', { name: 'Update' })).toBeEnabled();
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(info).toContainText(`Renamed café ${tag}`);

    // A real download of the same bytes, under the new title; the page stays and no tab opens.
    const pages = page.context().pages().length;
    const download = page.waitForEvent('download');
    await info.getByRole('button', { name: 'Download image' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Renamed café ${tag}.png`);
    expect((await readFile((await file.path())!)).equals(await readFile(PNG))).toBe(true);
    expect(page.context().pages()).toHaveLength(pages);
    await expect(headerTitle(page)).toHaveText('View Image');

    await info.getByRole('button', { name: 'Delete' }).click();
    await info.getByRole('button', { name: 'Are you sure?' }).click();
    await expect(viewer).toBeHidden();
  });

  test('upload a PNG, open it, edit it, sort by name and by URL, delete it', async ({ page, seed }) => {
    test.slow(); // an upload, an edit, four sorts and a delete, each through the API
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const account = demoAccount(seed, 'free');
    await signIn(page, account.email, account.password);

    // ── the library ──
    await expect(headerTitle(page)).toHaveText('Library');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Library' });
    await expect(nav.getByRole('link', { name: 'Images' })).toHaveAttribute('href', '/images');
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/account');
    await expect(page.getByText(/images?$|Your library is empty/).first()).toBeVisible();

    // ── upload from computer ──
    const tag = randomUUID().slice(0, 8);
    const title = `Example page ${tag}`;
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    // Without the extension the item says so (once the handshake has given up) and is never disabled.
    await expect(page.getByRole('menuitem', { name: /^Add from extension/ })).not.toHaveAttribute('aria-disabled', 'true');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Upload from computer' }).click();
    await (await chooser).setFiles(PNG);

    await expect(headerTitle(page)).toHaveText('Upload Image');
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('complementary', { name: 'Upload Image' })).toBeVisible();
    await expect(viewer.getByLabel('Title')).toHaveValue('sample-page');
    await viewer.getByLabel('Title').fill(title);
    await viewer.getByLabel('Notes').fill('Uploaded by the browser test');
    await viewer.getByLabel('Source address (optional)').fill(`https://docs.example.com/pages/${tag}`);
    await viewer.getByRole('button', { name: 'Upload', exact: true }).click();

    await expect(viewer).toBeHidden();
    await expect(headerTitle(page)).toHaveText('Library');
    await expect(thumbnails(page).first()).toHaveAccessibleName(title);
    await expect(thumbnails(page).first()).toBeFocused();
    const thumbImg = thumbnails(page).first().locator('img');
    await expect(thumbImg).toHaveAttribute('loading', 'lazy');
    await expectLoaded(thumbImg);

    // ── open it ──
    await thumbnails(page).first().click();
    await expect(headerTitle(page)).toHaveText('View Image');
    const info = viewer.getByRole('complementary', { name: 'Info' });
    await expect(info).toContainText(title);
    await expect(info).toContainText('Uploaded by the browser test');
    await expect(info.getByRole('link', { name: `https://docs.example.com/pages/${tag}` })).toBeVisible();
    await expect(info).toContainText('PNG · 800 × 1600');
    await expectLoaded(viewer.getByRole('img', { name: title }));
    await expect.poll(() => viewer.getByRole('img', { name: title }).evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(800);

    // The sidebar toggles.
    await viewer.getByRole('button', { name: 'Hide sidebar' }).click();
    await expect(info).toBeHidden();
    await viewer.getByRole('button', { name: 'Show sidebar' }).click();
    await expect(info).toBeVisible();

    // ── edit title and notes ──
    const renamed = `Zz renamed ${tag}`;
    await info.getByRole('button', { name: 'Edit' }).click();
    const form = viewer.getByRole('complementary', { name: 'Update Image' });
    await form.getByLabel('Title').fill(' ');
    await expect(form.getByRole('button', { name: 'Update' })).toBeDisabled();
    await expect(form).toContainText('A title is needed; notes are optional.');
    await form.getByLabel('Notes').fill('Edited in the browser test');
    await form.getByLabel('Title').fill(renamed);
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(info).toContainText(renamed);
    await expect(info).toContainText('Edited in the browser test');

    // A modal dialog: Tab stays inside it (issue #24).
    await expect(viewer).toHaveAttribute('aria-modal', 'true');
    await expectAccessible(page, 'the library viewer');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    // Escape closes the viewer; focus returns to the thumbnail that opened it; the edit shows in the grid.
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(thumbnails(page).first()).toHaveAccessibleName(renamed);
    await expect(thumbnails(page).first()).toBeFocused();

    // ── sort by name, then by source address ──
    await chooseSort(page, 'Title A–Z');
    await expect(page).toHaveURL(/sort=NameAsc/);
    await expect(groupOf(page, renamed).getByRole('heading', { level: 2 })).toContainText(/^Z/);
    await chooseSort(page, 'Title Z–A');
    await expect(page.locator('section.library-group').first().getByRole('heading', { level: 2 })).toContainText(/^Z/);
    await chooseSort(page, 'Source A–Z');
    await expect(page).toHaveURL(/sort=UrlAsc/);
    await expect(groupOf(page, renamed).getByRole('heading', { level: 2 })).toContainText('docs.example.com');
    await chooseSort(page, 'Newest first');
    await expect(page).not.toHaveURL(/sort=/);

    // The data survives a reload (it is the server's, not the page's).
    await page.reload();
    await expect(thumbnails(page).first()).toHaveAccessibleName(renamed);

    // ── delete it (two steps) ──
    await thumbnails(page).first().click();
    await viewer.getByRole('button', { name: 'Delete' }).click();
    // The confirming button is the destructive one (issue #24).
    await expect(viewer.getByRole('button', { name: 'Are you sure?' })).toHaveClass(/btn--danger/);
    await viewer.getByRole('button', { name: 'Are you sure?' }).click();
    await expect(viewer).toBeHidden();
    await expect(page.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByText(/images?$|Your library is empty/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);

    expect(errors).toEqual([]);
  });
});
