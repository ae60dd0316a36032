/**
 * Save to library and Add from extension in Firefox, against the local stack (issue #33: "Everything
 * else works in Firefox too … the site handshake and login message, Save to library, and Add from
 * extension"). The same flows as the Chrome specs (test/e2e/extension/save-to-library.spec.ts,
 * add-from-extension.spec.ts): sign in on the site, so the add-on gets its login and upload grant
 * over the bridge; capture; Save to library in the editor; the image in /images with its title; then
 * the library's Upload → Add from extension imports another capture with the site's session.
 *
 * The site is reached as `localhost` while the API and the image bucket are on 127.0.0.1: the
 * add-on's host permission for the site (Firefox's match patterns take no port) must not cover
 * them, as in production, where they are other hosts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPorts } from '../../scripts/local/ports';
import { DEMO_PASSWORD, signUpConfirmed } from '../../scripts/local/seed';
import { startLocalStack, type LocalStack } from '../../scripts/local/stack';
import { SHORT_BANDS_PAGE } from '../e2e/extension/pages';
import { signOutElsewhere } from '../e2e/extension/sign-out-elsewhere';
import { FirefoxAddon, firefoxPresent, until } from './capture-harness';
import { clickText, fillSignIn, signIn, untilText } from './site-pages';

const UUID = '3c1d8f5e-6b7a-4c2d-9e0f-1a2b3c4d5e6f';

/** The add-on's stored login holds an upload grant (read, never written, here: the site put it there). */
async function hasGrant(ff: FirefoxAddon): Promise<boolean> {
  return !!((await ff.getStorage('login')) as { login?: { upload_grant?: unknown } } | undefined)?.login?.upload_grant;
}

/** Clicks Save to library and resolves with what the editor then says: "Saved …", or why not. */
async function save(editor: Page): Promise<string> {
  await clickText(editor, 'button', 'Save to library');
  await until(editor, () => !document.getElementById('save-done')!.hidden || !document.getElementById('save-failed')!.hidden, null, 60_000);
  return editor.evaluate(() => document.getElementById(document.getElementById('save-done')!.hidden ? 'save-error' : 'save-done')!.textContent!.trim());
}

/** A new confirmed user of the local stack. */
async function newUser(stack: LocalStack, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}@example.com`;
  await signUpConfirmed(stack.cognito, email);
  return email;
}

/**
 * Captures `pathname` and brings its editor to the front, without access to all websites at Save.
 * BiDi cannot give the toolbar click's activeTab: access to all websites stands in for it during the
 * capture, and is taken back (options page) before Save, where it would let the editor's requests
 * skip CORS, which a user who never granted it does not have.
 */
async function captureForSave(ff: FirefoxAddon, pathname: string): Promise<{ page: Page; editor: Page }> {
  const page = await ff.open(pathname);
  await ff.grantAllSitesInOptions();
  const editor = await ff.capture(page);
  await ff.revokeAllSitesInOptions();
  await editor.bringToFront();
  return { page, editor };
}

/** The library's titles, in the order shown, once there are `count`. */
async function libraryTitles(page: Page, count: number): Promise<string[]> {
  await until(page, (n) => document.querySelectorAll('[data-image-id] .library-thumb__title').length === n, count, 30_000);
  return page.$$eval('[data-image-id] .library-thumb__title', (els) => els.map((e) => (e.textContent ?? '').trim()));
}

describe.skipIf(!firefoxPresent)('Firefox: Save to library and Add from extension, with the local stack', () => {
  let dataDir: string;
  let stack: LocalStack | undefined;
  let ff: FirefoxAddon | undefined;
  let site: Page;
  /** The user signed in on the site (and so in the add-on) at the end of the last test. */
  let signedInAs = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fps-firefox-stack-'));
    stack = await startLocalStack({ ports: await randomPorts(), dataDir, web: 'built' });
    ff = await FirefoxAddon.launch({ uuid: UUID, siteUrl: stack.urls.web.replace('127.0.0.1', 'localhost') });
  }, 180_000);

  afterAll(async () => {
    await ff?.close();
    await stack?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('signed in on the site, the editor saves a capture ("Saved") and the library shows it with its title', async () => {
    const email = await newUser(stack!, 'ff-save');
    site = await ff!.browser.newPage();
    await signIn(site, ff!.siteUrl, email, DEMO_PASSWORD);
    // The site handed the add-on its login with an upload grant.
    await expect.poll(() => hasGrant(ff!), { timeout: 30_000 }).toBe(true);

    const { page, editor } = await captureForSave(ff!, SHORT_BANDS_PAGE);
    // Before the CORS fix: "The library could not be reached, so the capture was not saved. …"
    expect(await save(editor)).toMatch(/^Saved\b/);
    expect(await editor.$eval('#save-open', (a) => (a as HTMLAnchorElement).href)).toMatch(new RegExp(`^${ff!.siteUrl}/images\\?image=[A-Za-z0-9_-]+$`));

    await site.goto(`${ff!.siteUrl}/images`);
    expect(await libraryTitles(site, 1)).toEqual(['Bands']);
    await editor.close();
    await page.close();
  }, 120_000);

  it('Add from extension lists the captures (the saved one marked) and imports another into the library', async () => {
    const page = await ff!.open('/app.html');
    await ff!.grantAllSitesInOptions();
    const editor = await ff!.capture(page);
    // The editor keeps a thumbnail of each capture once it has shown it, which the listing shows.
    await until(editor, () => document.body.dataset.state === 'ready', null);

    await site.bringToFront();
    await site.goto(`${ff!.siteUrl}/images`);
    await libraryTitles(site, 1);
    await clickText(site, 'button', 'Upload');
    await clickText(site, '[role="menuitem"]', 'Add from extension');
    const dialog = '[role="dialog"]';
    // Both captures listed (from the add-on, over the bridge), the saved one marked and not choosable.
    await until(site, (d) => document.querySelectorAll(`${d} .add-from-extension__item input[type="checkbox"]`).length === 2, dialog, 30_000);
    await untilText(site, `${dialog} .add-from-extension__item`, 'Already in your library');
    expect(await site.$$eval(`${dialog} .add-from-extension__item`, (items) => items.map((i) => [i.querySelector('.add-from-extension__title')!.textContent, (i.querySelector('input') as HTMLInputElement).disabled]))).toEqual([['App', false], ['Bands', true]]);
    await clickText(site, 'label.add-from-extension__item', /^App/, dialog);
    await clickText(site, 'button', 'Add capture', dialog);
    await untilText(site, `${dialog} [role="status"]`, '1 image was added to your library.', 60_000);
    await clickText(site, 'button', 'Done', dialog);

    await site.reload();
    expect((await libraryTitles(site, 2)).sort()).toEqual(['App', 'Bands']);
    await editor.close();
    await page.close();
  }, 120_000);

  it("signed out, Save goes through the site's sign-in and back to the same capture (a moz-extension:// address), which then saves", async () => {
    await site.bringToFront();
    await site.goto(`${ff!.siteUrl}/auth/signout`);
    await until(site, () => !location.pathname.startsWith('/auth/signout'), null, 30_000);
    await expect.poll(async () => (await ff!.getStorage('login')) === undefined, { timeout: 10_000 }).toBe(true);
    const email = (signedInAs = await newUser(stack!, 'ff-save-signin'));

    const { page, editor } = await captureForSave(ff!, SHORT_BANDS_PAGE);
    const captureId = await editor.evaluate(() => new URL(location.href).searchParams.get('id'));
    await clickText(editor, 'button', 'Save to library');
    await clickText(editor, 'button', 'Sign in again');
    await until(editor, (s) => location.href.startsWith(`${s}/auth/signin`), ff!.siteUrl, 30_000);
    await untilText(editor, 'body', 'Sign in to save your capture to your image library.');
    await fillSignIn(editor, email, DEMO_PASSWORD);
    await expect.poll(() => hasGrant(ff!), { timeout: 30_000 }).toBe(true);
    await clickText(editor, 'a', 'Return to extension');
    await until(editor, (id) => location.protocol === 'moz-extension:' && location.pathname === '/editor.html' && new URL(location.href).searchParams.get('id') === id && document.body.dataset.state === 'ready', captureId, 30_000);

    expect(await save(editor)).toMatch(/^Saved\b/);
    await site.goto(`${ff!.siteUrl}/images`);
    // The new user's library: this capture only.
    expect(await libraryTitles(site, 1)).toEqual(['Bands']);
    await editor.close();
    await page.close();
  }, 120_000);

  it('a split capture is saved whole: one entry per part, "(1 of 3)" titles, in order', async () => {
    // A lowered limit (test builds only) splits the 8,100 px page into three images.
    await ff!.setStorage({ testHooks: { canvasLimits: { maxSide: 3000, maxArea: 268_435_456 } } });
    try {
      const { page, editor } = await captureForSave(ff!, '/bands.html');
      await untilText(editor, '#split-note', 'split into 3 images');
      expect(await save(editor)).toMatch(/^Saved \(3 images, in order\)/);
      await site.bringToFront();
      await site.goto(`${ff!.siteUrl}/images`);
      expect((await libraryTitles(site, 4)).filter((t) => t !== 'Bands')).toEqual(['Bands (1 of 3)', 'Bands (2 of 3)', 'Bands (3 of 3)']);
      expect(await site.$$eval('.library-thumb__part', (els) => els.map((e) => e.textContent))).toEqual(['Part 1 of 3', 'Part 2 of 3', 'Part 3 of 3']);
      await editor.close();
      await page.close();
    } finally {
      await ff!.removeStorage(['testHooks']);
    }
  }, 120_000);

  it('a grant revoked by a sign-out elsewhere fails with "Sign in again", keeping the capture', async () => {
    expect(await hasGrant(ff!)).toBe(true);
    const { page, editor } = await captureForSave(ff!, SHORT_BANDS_PAGE);
    expect(await signOutElsewhere(stack!.cognito, stack!.urls.api, signedInAs)).toBe(200);
    // The add-on still holds the grant: only the server knows it is revoked.
    expect(await hasGrant(ff!)).toBe(true);
    expect(await save(editor)).toContain('Your session has expired');
    await untilText(editor, '#save-retry', 'Sign in again');
    expect(await editor.evaluate(() => document.body.dataset.state)).toBe('ready');
    await editor.close();
    await page.close();
  }, 120_000);
});
