/**
 * The Firefox build installs in Debian's firefox-esr as a temporary add-on, its background event
 * page starts, and its options page and editor render.
 *
 * Why here and like this: Playwright's Firefox needs its own patched build, which cannot be
 * downloaded here, so this drives the stock firefox-esr over WebDriver BiDi with puppeteer-core
 * (`browser.installExtension` is BiDi's `webExtension.install`, a temporary install like
 * about:debugging's "Load Temporary Add-on…"). It is a vitest file in its own project ("firefox",
 * vitest.config.ts), so `npm test`'s vitest step runs it, apart from the unit tests and without the
 * emulators the integration project starts: `npx vitest run --project firefox`.
 *
 * Skipped, with a message, only when /usr/bin/firefox-esr is missing on a developer's machine; on
 * CI (`CI` set) a missing browser fails, since `.ci/run` installs it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_MESSAGE } from '../../extension/background/worker-messages';
import { GECKO_ID } from '../../extension/manifest';
import { buildExtension, releaseBuildOptions } from '../../scripts/build-extension';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const present = existsSync(FIREFOX);
if (!present && !process.env.CI) {
  console.warn(`Skipping the Firefox add-on tests: ${FIREFOX} is missing. Install it with \`apt-get install firefox-esr\` (.ci/run does on CI).`);
}

/**
 * The add-on's internal UUID (moz-extension://<uuid>/), fixed before the install through the pref
 * Firefox keeps them in, so the test knows the options page's address.
 */
const UUID = '6f1c2a8e-3b5d-4c7e-9a1f-0d2e4b6c8a10';

describe.skipIf(!present && !process.env.CI)('the Firefox build in firefox-esr', () => {
  let dir: string;
  let zipPath: string;
  let browser: Browser | undefined;
  /** Firefox's stderr: script errors of the add-on's pages show up there as `JavaScript error: moz-extension://…`. */
  let stderr = '';

  beforeAll(async () => {
    expect(existsSync(FIREFOX), `${FIREFOX} is missing: .ci/run installs firefox-esr`).toBe(true);
    dir = await mkdtemp(path.join(os.tmpdir(), 'fps-firefox-'));
    // The store build (production origins), as `npm run build:extension -- --firefox` writes it.
    const build = await buildExtension({ ...releaseBuildOptions({}), target: 'firefox', outDir: path.join(dir, 'extension-firefox') });
    zipPath = build.zipPath!;
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      protocol: 'webDriverBiDi',
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }) },
    });
    browser.process()?.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Opens an add-on page. Firefox's BiDi does not report a navigation into a moz-extension page
   * to puppeteer (its `load` never arrives), so the page is polled instead of awaited.
   */
  async function openAddonPage(file: string, state = 'ready'): Promise<Page> {
    const page = await browser!.newPage();
    const url = `moz-extension://${UUID}/${file}`;
    void page.goto(url, { timeout: 30_000 }).catch(() => undefined);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const ready = await page.evaluate((u, s) => location.href === u && document.body?.dataset.state === s, url, state).catch(() => false);
      if (ready) return page;
      if (Date.now() > deadline) throw new Error(`${url} did not render within 20 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('installs the zip as a temporary add-on under its gecko id; the background page starts and answers', async () => {
    expect(await browser!.installExtension(zipPath)).toBe(GECKO_ID);
    const page = await openAddonPage('options.html');
    // The background registers its listeners last: an answer means its script ran to the end.
    const answer = await page.evaluate(() => chrome.runtime.sendMessage({ target: 'worker', type: 'ping' }));
    expect(answer).toEqual(UNKNOWN_MESSAGE);
    await page.close();
  }, 60_000);

  it('renders the options page, with fast mode off and the reason shown (Firefox has no debugger API)', async () => {
    const page = await openAddonPage('options.html');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Full Page Shot options');
    expect(await page.$eval('#fast-mode', (i) => (i as HTMLInputElement).disabled)).toBe(true);
    expect(await page.$eval('#fast-mode-unavailable', (p) => (p as HTMLElement).hidden)).toBe(false);
    expect(await page.$eval('#fast-mode-hint', (p) => (p as HTMLElement).hidden)).toBe(true);
    // iFrame access is also what lets Firefox take a whole page in one tabs.captureTab: the page says so.
    expect(await page.$eval('#iframe-access-firefox', (p) => (p as HTMLElement).hidden)).toBe(false);
    const permissions = await page.$eval('#perm-list', (l) => l.textContent ?? '');
    expect(permissions).toContain('Downloads');
    expect(permissions).not.toContain('Debugger');
    await page.close();
  }, 60_000);

  it('opens the editor (no capture yet: its empty state), and none of the add-on\'s scripts threw', async () => {
    const page = await openAddonPage('editor.html', 'empty');
    expect(await page.$eval('body', (b) => b.textContent)).toContain('No capture is open');
    await page.close();
    expect(stderr.split('\n').filter((l) => l.includes('moz-extension://'))).toEqual([]);
  }, 60_000);
});
