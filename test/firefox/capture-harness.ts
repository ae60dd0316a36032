/**
 * The Firefox add-on in firefox-esr with local test pages, for the capture tests (issue #33 §2/§3).
 * Same runner as install.test.ts (puppeteer-core over WebDriver BiDi; it says why). BiDi cannot
 * click the toolbar button, so a test build's background starts a mode on a tab when one of the
 * add-on's own pages asks (`target: 'test'`, service-worker.ts): the page opened here for that is
 * the options page, in a tab behind the captured one. The pages are the Chrome specs' own
 * (test/e2e/extension/pages.ts), and so are the pixel checks (checks.ts), through `canvasPage`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page as PlaywrightPage } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../../extension/manifest';
import { buildExtension } from '../../scripts/build-extension';
import { appPage, bandsPage, railsPage } from '../e2e/extension/pages';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** Run where firefox-esr is, and always on CI (where a missing browser fails). */
export const firefoxPresent = existsSync(FIREFOX) || !!process.env.CI;

/** What the background page keeps about the last capture (start-capture.ts, test builds). */
interface LastRun {
  captureId?: string;
  mode?: string;
  frames?: number;
  parts?: number;
  timings?: { prepareMs: number; warmUpMs: number; framesMs: number; totalMs: number };
  error?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function poll<T>(what: string, get: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await get().catch(() => undefined);
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * Waits until `fn` is true in the page. puppeteer's waitForFunction compiles its function with
 * `Function()`, which the add-on's pages' CSP blocks; `evaluate` is not blocked.
 */
export function until<A>(page: Page, fn: (arg: A) => boolean, arg: A, timeoutMs = 30_000): Promise<true> {
  return poll('a condition in the page', () => page.evaluate(fn as (a: unknown) => boolean, arg), timeoutMs) as Promise<true>;
}

/** More pages to serve, by path (the benchmark's page). */
type ExtraPages = Record<string, (url: URL) => string>;

function serve(extra: ExtraPages = {}): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = (extra[url.pathname]?.(url)) ?? ({
      '/rails.html': () => railsPage(),
      '/bands.html': () => bandsPage(Number(url.searchParams.get('bands')) || undefined),
      '/app.html': () => appPage(),
    } as Record<string, () => string>)[url.pathname]?.();
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export class FirefoxAddon {
  private constructor(
    readonly browser: Browser,
    readonly site: string,
    /** The website the add-on is built for: `siteUrl` when given, else the test pages' server. */
    readonly siteUrl: string,
    private readonly uuid: string,
    private readonly control: Page,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /**
   * firefox-esr (1280 × 800 window, `dpr` device px per CSS px) with a test build installed, for
   * the website at `siteUrl` (the local stack's: save-to-library.test.ts) or else the pages' server.
   * The add-on has host permission for the site's host (Firefox's patterns take no port), which is
   * what lets a test start a capture without the toolbar click's activeTab grant: so the pages
   * are served on the site's host name (the server is on 127.0.0.1; `localhost` reaches it too).
   */
  static async launch({ uuid, dpr = 1, pages, minify, siteUrl, downloadDir }: {
    uuid: string; dpr?: number; pages?: ExtraPages; minify?: boolean; siteUrl?: string;
    /** Where downloads go, without a dialog (the editor's exports). */
    downloadDir?: string;
  }): Promise<FirefoxAddon> {
    const server = await serve(pages);
    const site = `http://${siteUrl ? new URL(siteUrl).hostname : '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
    const website = siteUrl ?? site;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fps-firefox-capture-'));
    const build = await buildExtension({ target: 'firefox', outDir: path.join(dir, 'ext'), siteOrigins: [new URL(website).origin], siteUrl: website, testBuild: true, minify });
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      protocol: 'webDriverBiDi',
      defaultViewport: null,
      args: ['--width=1280', '--height=800'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
        'layout.css.devPixelsPerPx': String(dpr),
        // Firefox's own "add permissions?" prompt is browser UI a headless run cannot click: with
        // this pref it grants what the add-on requests (still only in a user action, as the click here).
        'extensions.webextOptionalPermissionPrompts': false,
        ...(downloadDir && {
          'browser.download.folderList': 2,
          'browser.download.dir': downloadDir,
          'browser.download.useDownloadDir': true,
          'browser.download.always_ask_before_handling_new_types': false,
        }),
      },
    });
    const cleanup = async () => {
      await browser.close();
      server.closeAllConnections();
      server.close();
      await rm(dir, { recursive: true, force: true });
    };
    try {
      if ((await browser.installExtension(build.zipPath!)) !== GECKO_ID) throw new Error('the add-on did not install under its gecko id');
      const control = await openAddonPage(browser, uuid, 'options.html');
      return new FirefoxAddon(browser, site, website, uuid, control, cleanup);
    } catch (err) {
      await cleanup();
      throw err;
    }
  }

  close(): Promise<void> {
    return this.cleanup();
  }

  /** A test page in a new tab, at a unique URL so its tab can be found. */
  async open(pathname: string): Promise<Page> {
    const page = await this.browser.newPage();
    const sep = pathname.includes('?') ? '&' : '?';
    await page.goto(`${this.site}${pathname}${sep}t=${Date.now()}${Math.random().toString(36).slice(2)}`);
    return page;
  }

  /**
   * Starts capture mode `mode` (an id of lib/capture-modes.ts: 'whole', 'visible', 'whole-3s',
   * 'area'…) on `page` as the toolbar button or its menu would. Resolves with a wait for the
   * editor that capture opens.
   */
  async start(page: Page, mode = 'whole'): Promise<() => Promise<Page>> {
    await page.bringToFront();
    const url = page.url();
    const before = new Set(await this.browser.pages());
    const answer = await this.control.evaluate(async ([u, m]) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url === u);
      return chrome.runtime.sendMessage({ target: 'test', type: 'start-mode', tabId: tab?.id, mode: m });
    }, [url, mode] as const);
    if (!answer || (answer as { ok?: boolean }).ok !== true) throw new Error(`start-mode: ${JSON.stringify(answer)}`);
    return () => this.editorAfter(before);
  }

  /**
   * Captures `page` in `mode` (default: the whole page, as the toolbar button does), and waits for
   * the editor to show it (ready, or a message) with every pixel in #view.
   */
  async capture(page: Page, mode = 'whole'): Promise<Page> {
    return (await this.start(page, mode))();
  }

  /** The editor opened in a tab that was not among `before`, once settled; it must be ready. */
  private async editorAfter(before: Set<Page>): Promise<Page> {
    // Firefox's BiDi reports no navigation into moz-extension pages to puppeteer: ask the page.
    const editor = await poll('the editor tab', async () => {
      for (const p of await this.browser.pages()) {
        if (before.has(p)) continue;
        if ((await p.evaluate(() => location.href).catch(() => '')).includes('/editor.html')) return p;
      }
      return undefined;
    });
    await poll('the editor to settle', () => editor.evaluate(() => ['ready', 'error', 'restricted', 'missing'].includes(document.body.dataset.state ?? '') && !document.getElementById('view')?.hasAttribute('data-pending')));
    const state = await editor.evaluate(() => [document.body.dataset.state, document.getElementById('message')?.textContent ?? '']);
    if (state[0] !== 'ready') throw new Error(`the editor is ${state[0]}: ${state[1]}`);
    return editor;
  }

  /** The toolbar button's badge and tooltip on the active tab (the delayed modes' countdown). */
  badge(): Promise<{ text: string; title: string }> {
    return this.control.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      return { text: await chrome.action.getBadgeText({ tabId: tab.id }), title: await chrome.action.getTitle({ tabId: tab.id }) };
    });
  }

  /** The last capture's figures, from the background page (test builds keep them there). */
  lastRun(): Promise<LastRun> {
    return this.control.evaluate(async () => {
      const bg = (await chrome.runtime.getBackgroundPage()) as unknown as { fpsLastRun?: LastRun } | null;
      return JSON.parse(JSON.stringify(bg?.fpsLastRun ?? {})) as LastRun;
    });
  }

  /** What the add-on keeps under `key` (read only, as a check: what the site told it). */
  getStorage(key: string): Promise<unknown> {
    return this.control.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
  }

  setStorage(items: Record<string, unknown>): Promise<void> {
    return this.control.evaluate((i) => chrome.storage.local.set(i), items);
  }

  removeStorage(keys: string[]): Promise<void> {
    return this.control.evaluate((k) => chrome.storage.local.remove(k), keys);
  }

  /**
   * Turns on "iFrame access" on the options page, as a person does: it asks Firefox for access to
   * all websites, which also lets the capture use tabs.captureTab.
   */
  async grantAllSitesInOptions(): Promise<void> {
    if (await this.hasAllSites()) return; // the switch toggles: a second click would revoke
    await this.control.bringToFront();
    await this.control.click('#iframe-access');
    await poll('access to all websites', () => this.hasAllSites(), 10_000);
  }

  /** Revokes it with the options page's button (its label names iFrame access). */
  async revokeAllSitesInOptions(): Promise<void> {
    if (!(await this.hasAllSites())) return;
    await this.control.bringToFront();
    await this.control.click('#iframe-access');
    await poll('access to all websites revoked', async () => !(await this.hasAllSites()), 10_000);
  }

  /** Opens the editor on a stored capture, as the recent list's links do. */
  async openEditor(captureId: string): Promise<Page> {
    const editor = await openAddonPage(this.browser, this.uuid, `editor.html?id=${captureId}`);
    await poll('the editor to show the capture', () => editor.evaluate(() => document.body.dataset.state === 'ready'));
    return editor;
  }

  hasAllSites(): Promise<boolean> {
    return this.control.evaluate(() => chrome.permissions.contains({ origins: ['<all_urls>'] }));
  }
}

/** Opens an add-on page and waits until it has loaded (polled: see `capture`). */
async function openAddonPage(browser: Browser, uuid: string, file: string): Promise<Page> {
  const page = await browser.newPage();
  const url = `moz-extension://${uuid}/${file}`;
  void page.goto(url, { timeout: 30_000 }).catch(() => undefined);
  await poll(`${url} to load`, () => page.evaluate((u) => location.href === u && document.readyState === 'complete', url), 20_000);
  return page;
}

/**
 * A puppeteer page as the Chrome specs' pixel checks take it (test/e2e/extension/checks.ts): they
 * only read the editor's canvas through `evaluate(fn, arg)`, which both libraries have.
 */
export function canvasPage(page: Page): PlaywrightPage {
  return { evaluate: (fn: never, arg: never) => page.evaluate(fn, arg) } as unknown as PlaywrightPage;
}
