import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { confirmedUser, demoAccount, expect as baseExpect, fillSignIn, stackEnv, test } from './fixtures';
import { accessToken, api, sharedImageViaApi } from './share-api';

// Several steps each wait on the API and a second browser context; give them some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Share links in a real browser against the local stack (docs/images.md "Share links"): the owner
 * creates a link in the library viewer, a signed-out browser opens it (image and title), the owner
 * revokes it and the link shows the gone page; an expired link is gone; another user can neither
 * list nor revoke the owner's links.
 */

const PNG = new URL('../../fixtures/images/sample-page.png', import.meta.url).pathname;

/** The shares table, through the emulator, with the stack's env (as the handlers see it). */
async function sharesTable() {
  for (const [k, v] of Object.entries(stackEnv())) process.env[k] ??= v;
  const [{ sharesRepo }, { hashSecretToken }] = await Promise.all([
    import('../../../lambdas/adapters/shares-repo'),
    import('../../../lambdas/lib/secret-token'),
  ]);
  return { sharesRepo, hashSecretToken };
}

/** Opens a link in a fresh browser context: no cookies, no storage, nobody signed in. */
async function openSignedOut(browser: Browser, url: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const response = await page.goto(url);
  return { page, response: response!, close: () => context.close() };
}

async function uploadAndOpen(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload from computer' }).click();
  await (await chooser).setFiles(PNG);
  const viewer = page.getByRole('dialog');
  await viewer.getByLabel('Title').fill(title);
  await viewer.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(viewer).toBeHidden();
  const thumb = page.getByRole('button', { name: title, exact: true });
  const id = (await thumb.getAttribute('data-image-id'))!;
  await thumb.click();
  return id;
}

async function createLink(page: Page, expiry: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Share image' });
  await dialog.getByLabel('Link expires after').selectOption({ label: expiry });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = dialog.getByLabel('Share link');
  await expect(url).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  return url.inputValue();
}

test.describe('share links', () => {
  test('create in the viewer, open signed out, revoke, gone; an expired link is gone too', async ({ page, browser, seed, context }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = demoAccount(seed, 'premium');
    await page.goto('/auth/signin?redirectPath=%2Fimages');
    await fillSignIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/images$/);
    const title = `Shared page ${randomUUID().slice(0, 8)}`;
    await uploadAndOpen(page, title);

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share image' });
    await expect(dialog.getByText('No active links.')).toBeVisible();
    await expect(dialog.getByLabel('Link expires after')).toHaveValue('7d');
    const url = await createLink(page, '7 days');
    // On the site's own address: the local site forwards /s/ to the API, as CloudFront would.
    expect(url.startsWith(`${process.env.FPS_SITE_URL}/s/`)).toBe(true);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(dialog.getByRole('list', { name: 'Active links' }).getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByRole('listitem')).toContainText('0 views');
    await expectAccessible(page, 'the Share dialog with a new link');
    // The dialog fits a 360 px screen without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 360)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Anyone with the link: image, title, Download, preview tags; not indexed.
    const visitor = await openSignedOut(browser, url, { width: 360, height: 740 });
    expect(visitor.response.status()).toBe(200);
    expect(visitor.response.headers()['x-robots-tag']).toContain('noindex');
    expect(visitor.response.headers()['referrer-policy']).toBe('no-referrer');
    await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(title);
    const img = visitor.page.getByRole('img', { name: title });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expect(visitor.page.getByRole('link', { name: 'Download' })).toBeVisible();
    await expect(visitor.page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(visitor.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectAccessible(visitor.page, 'the share page');
    // 360 px wide: nothing scrolls sideways (the tall image scales down).
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const download = visitor.page.waitForEvent('download');
    await visitor.page.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(`${title}.png`);
    await visitor.close();

    // The owner sees the view, and revokes the link (after confirming).
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(dialog.getByRole('listitem')).toContainText('1 view');
    await dialog.getByRole('button', { name: /^Revoke link created/ }).click();
    await expect(dialog.getByText('Revoke this link?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await expect(dialog.getByText('No active links.')).toBeVisible();

    const gone = await openSignedOut(browser, url);
    expect(gone.response.status()).toBe(404);
    await expect(gone.page.getByRole('heading', { level: 1 })).toHaveText('This link was revoked or never existed.');
    await expect(gone.page.getByRole('img')).toHaveCount(0);
    await expectAccessible(gone.page, 'the gone page');
    await gone.close();

    // A one-day link whose day has passed (written through the emulator: dynalite has no TTL).
    const dayLink = await createLink(page, '1 day');
    const { sharesRepo, hashSecretToken } = await sharesTable();
    const hash = hashSecretToken(dayLink.split('/').pop()!);
    const row = (await sharesRepo.get(hash))!;
    await sharesRepo.remove(hash);
    await sharesRepo.create({ ...row, expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const expired = await openSignedOut(browser, dayLink);
    expect(expired.response.status()).toBe(410);
    await expect(expired.page.getByRole('heading', { level: 1 })).toHaveText('This link has expired.');
    await expired.close();
    // Escape closes the dialog, not the viewer behind it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  });

  test("another user cannot list or revoke someone else's links (API)", async ({ browser, request }) => {
    const { token: ownerToken, imageId, link } = await sharedImageViaApi(request);
    const otherToken = await accessToken(await confirmedUser('other'));
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });

    const list = await request.get(`${api()}/images/${imageId}/shares`, { headers: auth(otherToken) });
    expect(list.status()).toBe(404);
    expect(await list.text()).not.toContain(link.id);
    const revoke = await request.delete(`${api()}/images/${imageId}/shares/${link.id}`, { headers: auth(otherToken) });
    expect(revoke.status()).toBe(404);
    const create = await request.post(`${api()}/images/${imageId}/shares`, { headers: auth(otherToken), data: { expiry: 'never' } });
    expect(create.status()).toBe(404);

    // The link still works, and the owner still sees it.
    const still = await openSignedOut(browser, link.url);
    expect(still.response.status()).toBe(200);
    await still.close();
    const own = await request.get(`${api()}/images/${imageId}/shares`, { headers: auth(ownerToken) });
    expect(JSON.stringify(await own.json())).toContain(link.id);
  });

  test("staff see a user's links in the admin tool and revoke one, recorded in the audit log", async ({ page, browser, request, seed }) => {
    test.slow();
    const title = `Staff view ${randomUUID().slice(0, 8)}`;
    const { email, link } = await sharedImageViaApi(request, title);
    const staff = demoAccount(seed, 'staff');
    await page.goto(`/auth/signin?redirectPath=${encodeURIComponent(`/admin?q=${email}`)}`);
    await fillSignIn(page, staff.email, staff.password);
    const panel = page.getByRole('region', { name: 'Share links' });
    await expect(panel.getByRole('cell', { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('row').filter({ hasText: title })).toContainText('0');

    await panel.getByRole('button', { name: new RegExp(`^Revoke the link to ${title}`) }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this share link?' });
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await expect(panel.getByText('Share link revoked.')).toBeVisible();
    await expect(panel.getByText('No share links.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'revoke-share' }).first()).toContainText(email);

    const gone = await openSignedOut(browser, link.url);
    expect(gone.response.status()).toBe(404);
    await gone.close();
  });
});
