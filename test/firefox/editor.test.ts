/**
 * The editor in Firefox (issue #33 §2: "Everything else works in Firefox too: the editor, exports,
 * the Premium tools"): the PNG, JPG and PDF downloads of a capture, the Premium tools locked
 * without a Premium login, unlocked by one the site hands over through the add-on's frame page
 * (the bridge the Chrome specs drive in editor.spec.ts), then crop, undo and smart page breaks, and
 * locked again by a logout. One capture for the file, in order, as editor.spec.ts does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_FRAME_PATH } from '../../shared/extension/bridge-protocol';
import { canvasSize } from '../e2e/extension/fixtures';
import { jpegSize, pngSize, PREMIUM_LOGIN } from '../e2e/extension/export-files';
import { BANDS_PAGE_HEIGHT, sitePage } from '../e2e/extension/pages';
import { canvasPage, FirefoxAddon, firefoxPresent, until } from './capture-harness';

const UUID = '3b9d6f0e-2c4a-4e8b-9a1d-7f5c0b2e4d61';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!firefoxPresent)('the editor in Firefox', () => {
  let ff: FirefoxAddon;
  let editor: Page;
  let downloads: string;
  let width = 0;
  const taken = new Set<string>();

  /** Clicks a button of the editor and returns the file it downloads (complete, by its extension). */
  async function download(button: string, ext: string): Promise<{ name: string; bytes: Buffer }> {
    await editor.click(button);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const name = readdirSync(downloads).find((f) => f.endsWith(`.${ext}`) && !taken.has(f));
      // Firefox writes into `<name>.part` and renames it when the download is complete.
      if (name && !existsSync(path.join(downloads, `${name}.part`)) && statSync(path.join(downloads, name)).size > 0) {
        taken.add(name);
        return { name, bytes: readFileSync(path.join(downloads, name)) };
      }
      if (Date.now() > deadline) throw new Error(`${button}: no .${ext} file in ${downloads}`);
      await sleep(100);
    }
  }

  /**
   * The site's page with the add-on's frame page in it: a handshake first, as the site's bridge
   * does, then `message`; resolves with the frame page's answer to it.
   */
  async function fromSite(message: { id: string; payload: object }): Promise<unknown> {
    const site = await ff.open('/site.html');
    await site.evaluate(() => (window as unknown as { frameLoaded: Promise<void> }).frameLoaded);
    // Posted to the add-on's origin as written: Firefox gives a moz-extension URL the opaque origin "null".
    const post = (m: object) => site.evaluate((msg, origin) => (document.getElementById('ext') as HTMLIFrameElement).contentWindow!.postMessage(msg, origin), m, `moz-extension://${UUID}`);
    const answerTo = (id: string) => site.evaluate((i) => (window as unknown as { replies: Array<{ id?: string }> }).replies.find((r) => r.id === i), id);
    await post({ source: 'fps-site', type: 'handshake', id: 'h' });
    await until(site, () => (window as unknown as { replies: Array<{ type?: string }> }).replies.some((r) => r.type === 'handshake-ok'), null);
    await post({ source: 'fps-site', type: 'login', ...message });
    await until(site, (i) => (window as unknown as { replies: Array<{ id?: string }> }).replies.some((r) => r.id === i), message.id);
    const answer = await answerTo(message.id);
    await site.close();
    return answer;
  }

  /** Disabled itself or by its fieldset, as a person finds it. */
  const isDisabled = (selector: string) => editor.evaluate((s) => document.querySelector(s)!.matches(':disabled'), selector);

  beforeAll(async () => {
    downloads = await mkdtemp(path.join(os.tmpdir(), 'fps-firefox-downloads-'));
    ff = await FirefoxAddon.launch({ uuid: UUID, downloadDir: downloads, pages: { '/site.html': () => sitePage(`moz-extension://${UUID}${BRIDGE_FRAME_PATH}`) } });
    await ff.grantAllSitesInOptions();
    const page = await ff.open('/bands.html');
    editor = await ff.capture(page);
    await page.close();
    ({ width } = await canvasSize(canvasPage(editor)));
  }, 120_000);

  afterAll(async () => {
    await ff?.close();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  it('downloads PNG, JPG and PDF files of the capture, named after the page', async () => {
    const png = await download('#download-png', 'png');
    expect(png.name).toMatch(/^screenshot-127\.0\.0\.1-.*\.png$/);
    expect(pngSize(png.bytes)).toEqual({ width, height: BANDS_PAGE_HEIGHT });

    expect(jpegSize((await download('#download-jpg', 'jpg')).bytes)).toEqual({ width, height: BANDS_PAGE_HEIGHT });

    const letter = await PDFDocument.load((await download('#download-pdf', 'pdf')).bytes);
    expect(letter.getPageCount()).toBe(Math.ceil(BANDS_PAGE_HEIGHT / Math.floor((width * 792) / 612)));
    expect(letter.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('Premium tools are locked without a Premium login', async () => {
    expect(await editor.evaluate(() => document.body.dataset.premium)).toBe('no');
    expect(await isDisabled('#tool-crop')).toBe(true);
    expect(await isDisabled('#pdf-smart')).toBe(true);
    expect(await editor.evaluate(() => !document.getElementById('upsell')!.hidden)).toBe(true);
  });

  it('a Premium login from the site unlocks crop (undone again) and smart page breaks; a logout locks them', async () => {
    expect(await fromSite({ id: 'l1', payload: PREMIUM_LOGIN })).toEqual({ source: 'fps-extension', type: 'login-success', id: 'l1', status: 'active' });
    await until(editor, () => document.body.dataset.premium === 'yes', null);
    // Back to the editor's tab (the site's was in front), as a person would be.
    await editor.bringToFront();
    expect(await isDisabled('#tool-crop')).toBe(false);

    const region = { '#sel-x': 0, '#sel-y': 300, '#sel-w': 640, '#sel-h': 1000 };
    for (const [sel, value] of Object.entries(region)) {
      await editor.click(sel, { count: 3 });
      await editor.type(sel, String(value));
    }
    await editor.click('#tool-crop');
    await until(editor, () => (document.getElementById('view') as HTMLCanvasElement).height === 1000, null);
    expect(pngSize((await download('#download-png', 'png')).bytes)).toEqual({ width: 640, height: 1000 });
    await editor.click('#undo');
    await until(editor, (h) => (document.getElementById('view') as HTMLCanvasElement).height === h, BANDS_PAGE_HEIGHT);

    await editor.click('#pdf-smart');
    const smart = await PDFDocument.load((await download('#download-pdf', 'pdf')).bytes);
    expect(smart.getPageCount()).toBeGreaterThanOrEqual(Math.ceil(BANDS_PAGE_HEIGHT / Math.floor((width * 841.89) / 595.28)));

    expect(await fromSite({ id: 'out', payload: {} })).toEqual({ source: 'fps-extension', type: 'login-success', id: 'out', status: '' });
    await until(editor, () => document.body.dataset.premium === 'no', null);
    expect(await isDisabled('#tool-crop')).toBe(true);
    expect(await editor.evaluate(() => (document.getElementById('pdf-smart') as HTMLInputElement).checked)).toBe(false);
  });
});
