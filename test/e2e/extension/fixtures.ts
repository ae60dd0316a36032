/**
 * Playwright fixtures for the extension: local http servers for test pages (one origin allowed
 * to talk to the extension, one not), a test build of the extension, and headless Chromium with
 * it loaded unpacked. Everything is worker-scoped: one browser per worker and DPR setting.
 */
import { test as base, chromium, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildExtension } from '../../../scripts/build-extension';
import { encodePng } from '../../../scripts/extension/png-icon';
import { appPage, attackerFrame, bandsPage, fixedBackgroundPage, frameAppPage, frameContentPage, lazyPage, pickPage, railsPage, sitePage, widePage } from './pages';
import { changingOptions, changingPage, innerRailsPage } from './layout-pages';
import { scrollRoute } from './scroll-routes';

const WINDOW = { width: 1280, height: 800 };

/** A one-page PDF, for the built-in PDF viewer. */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface Servers {
  /** The website's origin (allowed by the build). */
  site: string;
  /** Another origin on this machine (not allowed to log in; its frames may be scrolled). */
  other: string;
  /** A third origin the extension has no access to at all. */
  third: string;
}

interface WorkerFixtures {
  dpr: number;
  /** Browser window size in CSS px (odd widths catch rounding errors at fractional DPRs). */
  windowSize: { width: number; height: number };
  servers: Servers;
  extensionDir: string;
  browserContext: BrowserContext;
  extensionId: string;
  ext: ExtensionHarness;
}

function solidPng(hex: string, size: number): Buffer {
  const px = new Uint8Array(size * size * 4);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let i = 0; i < px.length; i += 4) px.set([r, g, b, 255], i);
  return encodePng(size, size, px);
}

type Hit = { type: string; body: string | Buffer; delay?: number } | null;

function startServer(host: string, routes: (url: URL) => Hit | Promise<Hit>): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hit = await routes(url);
    if (!hit) {
      res.writeHead(404).end('not found');
      return;
    }
    setTimeout(() => res.writeHead(200, { 'content-type': hit.type, 'cache-control': 'no-store' }).end(hit.body), hit.delay ?? 0);
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve(server)));
}

const port = (s: http.Server) => (s.address() as AddressInfo).port;

export class ExtensionHarness {
  private cdp: CDPSession | null = null;

  constructor(
    readonly context: BrowserContext,
    readonly id: string,
    readonly servers: Servers,
  ) {}

  get origin(): string {
    return `chrome-extension://${this.id}`;
  }

  async worker(): Promise<Worker> {
    const found = this.context.serviceWorkers().find((w) => w.url().startsWith(this.origin));
    return found ?? this.context.waitForEvent('serviceworker', (w) => w.url().startsWith(this.origin));
  }

  /** Opens a test page in a new tab, at a unique URL so its tab target can be found. */
  async open(pathname: string): Promise<Page> {
    const page = await this.context.newPage();
    const sep = pathname.includes('?') ? '&' : '?';
    await page.goto(`${this.servers.site}${pathname}${sep}t=${Date.now()}${Math.random().toString(36).slice(2)}`);
    return page;
  }

  /** Clicks the toolbar button for this tab, exactly as a user would (grants activeTab). */
  async clickAction(page: Page): Promise<void> {
    this.cdp ??= await this.context.browser()!.newBrowserCDPSession();
    await page.bringToFront();
    const { targetInfos } = (await this.cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] } as never)) as { targetInfos: Array<{ targetId: string; url: string }> };
    const tab = targetInfos.find((t) => t.url === page.url());
    if (!tab) throw new Error(`No tab target for ${page.url()}`);
    await this.cdp.send('Extensions.triggerAction' as never, { id: this.id, targetId: tab.targetId } as never);
  }

  /**
   * Runs `act` and answers the first page opened since whose address matches `url`. Not simply the
   * next page event: a tab the site or the extension opened meanwhile (CI once took one for the
   * editor and waited out a 300 s test timeout on it).
   */
  async newPage(url: RegExp, act: () => Promise<void>, timeoutMs = 60_000): Promise<Page> {
    const before = new Set(this.context.pages());
    await act();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.context.pages().find((p) => !before.has(p) && url.test(p.url()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no new page at ${url} within ${timeoutMs / 1000} s; open: ${this.context.pages().map((p) => p.url()).join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Clicks the action and waits for the editor it opens to settle (ready, or a message). A fast
   * capture is shown before it is copied into #view, which the pixel checks read: by default this
   * also waits for that copy (`untilCopied: false` returns at 'ready').
   */
  async capture(page: Page, { untilCopied = true } = {}): Promise<Page> {
    const editor = await this.newPage(/\/editor\.html/, () => this.clickAction(page));
    await editor.waitForFunction(() => ['ready', 'error', 'restricted', 'missing'].includes(document.body.dataset.state ?? ''), null, { timeout: 60_000 });
    if (untilCopied) await editor.waitForFunction(() => !document.getElementById('view')?.hasAttribute('data-pending'));
    if ((await editor.evaluate(() => document.body.dataset.state)) === 'error') {
      console.warn(`capture failed: ${await editor.locator('#message').textContent()}`);
    }
    return editor;
  }

  /** Sets Chrome's page zoom for this tab (chrome.tabs.setZoom, per tab) and waits until the page sees it. */
  async setZoom(page: Page, factor: number): Promise<void> {
    await page.bringToFront();
    const before = await page.evaluate(() => devicePixelRatio); // at zoom 100 %
    const w = await this.worker();
    await w.evaluate(async (factor) => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      await chrome.tabs.setZoomSettings(tab.id!, { scope: 'per-tab' });
      await chrome.tabs.setZoom(tab.id!, factor);
    }, factor);
    const want = before * factor;
    await page.waitForFunction((want) => Math.abs(devicePixelRatio - want) < 0.01, want);
  }

  async setStorage(items: Record<string, unknown>): Promise<void> {
    const w = await this.worker();
    await w.evaluate((i) => chrome.storage.local.set(i), items);
  }

  async removeStorage(keys: string[]): Promise<void> {
    const w = await this.worker();
    await w.evaluate((k) => chrome.storage.local.remove(k), keys);
  }

  async getStorage(key: string): Promise<unknown> {
    const w = await this.worker();
    return w.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
  }
}

/** Headless Chromium with the extension loaded unpacked, in a profile of its own. */
export async function launchWithExtension(extensionDir: string, dpr: number, windowSize: { width: number; height: number }) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'fps-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: false, // the new headless mode comes from the flag below; it runs extensions
    viewport: null,
    acceptDownloads: true,
    args: [
      '--headless=new',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--enable-unsafe-extension-debugging', // CDP Extensions.triggerAction: a real toolbar click
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--force-color-profile=srgb',
      '--hide-scrollbars',
      `--window-size=${windowSize.width},${windowSize.height}`,
      `--force-device-scale-factor=${dpr}`,
    ],
  });
  const close = async () => {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  };
  return { context, close };
}

/** The id of the extension loaded in `context`, from its service worker's URL. */
export async function extensionIdOf(context: BrowserContext): Promise<string> {
  const w = context.serviceWorkers().find((s) => s.url().startsWith('chrome-extension://')) ?? (await context.waitForEvent('serviceworker'));
  return new URL(w.url()).host;
}

export const test = base.extend<object, WorkerFixtures>({
  dpr: [1, { scope: 'worker', option: true }],
  windowSize: [WINDOW, { scope: 'worker', option: true }],

  servers: [
    async ({}, use) => {
      let siteOrigin = '';
      let otherOrigin = '';
      let extOrigin = '';
      const pages = async (url: URL): Promise<Hit> => {
        switch (url.pathname) {
          case '/bands.html': return { type: 'text/html', body: bandsPage(Number(url.searchParams.get('bands')) || undefined) };
          case '/app.html': return { type: 'text/html', body: appPage() };
          case '/lazy.html': return { type: 'text/html', body: lazyPage() };
          case '/wide.html': return { type: 'text/html', body: widePage() };
          case '/rails.html': return { type: 'text/html', body: railsPage() };
          case '/fixed-background.html': return { type: 'text/html', body: fixedBackgroundPage() };
          case '/pick.html': return { type: 'text/html', body: pickPage() };
          case '/changing.html': return { type: 'text/html', body: changingPage(changingOptions(url)) };
          case '/inner-rails.html': return { type: 'text/html', body: innerRailsPage(Number(url.searchParams.get('pane')) || undefined) };
          case '/site.html': return { type: 'text/html', body: sitePage(`${extOrigin}/frame.html`, url.searchParams.get('child') ?? undefined) };
          case '/attacker.html': return { type: 'text/html', body: attackerFrame(extOrigin) };
          case '/frame-app.html': return { type: 'text/html', body: frameAppPage(url.searchParams.get('src') ?? '/frame-content.html') };
          case '/frame-content.html': return { type: 'text/html', body: frameContentPage() };
        }
        if (url.pathname === '/doc.pdf') return { type: 'application/pdf', body: TINY_PDF };
        const scroll = await scrollRoute(url.pathname);
        if (scroll) return scroll;
        const img = /^\/img\/([0-9a-f]{6})\.png$/.exec(url.pathname);
        if (img) return { type: 'image/png', body: solidPng(img[1], Number(url.searchParams.get('size') ?? 100)), delay: Number(url.searchParams.get('delay') ?? 0) };
        return null;
      };
      const site = await startServer('127.0.0.1', pages);
      const other = await startServer('127.0.0.1', pages);
      const third = await startServer('127.0.0.2', pages);
      siteOrigin = `http://127.0.0.1:${port(site)}`;
      otherOrigin = `http://localhost:${port(other)}`;
      const servers: Servers & { setExtensionOrigin(o: string): void } = {
        site: siteOrigin,
        other: otherOrigin,
        third: `http://127.0.0.2:${port(third)}`,
        setExtensionOrigin: (o) => (extOrigin = o),
      };
      await use(servers);
      for (const s of [site, other, third]) s.closeAllConnections();
      await Promise.all([site, other, third].map((s) => new Promise((r) => s.close(r))));
    },
    { scope: 'worker' },
  ],

  extensionDir: [
    async ({ servers }, use) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'fps-ext-'));
      await buildExtension({
        outDir: path.join(dir, 'ext'),
        zipPath: false,
        siteOrigins: [servers.site],
        siteUrl: servers.site,
        testBuild: true,
        // Stands in for a granted "iFrame access": frames from the other origin may be scrolled.
        hostPermissions: [`${servers.other}/*`],
      });
      await use(path.join(dir, 'ext'));
      await rm(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],

  browserContext: [
    async ({ extensionDir, dpr, windowSize }, use) => {
      const browser = await launchWithExtension(extensionDir, dpr, windowSize);
      await use(browser.context);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  extensionId: [async ({ browserContext }, use) => use(await extensionIdOf(browserContext)), { scope: 'worker' }],

  ext: [
    async ({ browserContext, extensionId, servers }, use) => {
      (servers as Servers & { setExtensionOrigin(o: string): void }).setExtensionOrigin(`chrome-extension://${extensionId}`);
      await use(new ExtensionHarness(browserContext, extensionId, servers));
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';

export type Rgb = [number, number, number];

/** Runs of equal colour down one column of the editor's canvas: [r, g, b, startY, endY). */
export async function columnRuns(editor: Page, x: number, tolerance = 3): Promise<Array<[number, number, number, number, number]>> {
  return editor.evaluate(
    ({ x, tolerance }) => {
      const c = document.getElementById('view') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(x, 0, 1, c.height).data;
      const runs: Array<[number, number, number, number, number]> = [];
      for (let y = 0; y < c.height; y++) {
        const r = d[y * 4], g = d[y * 4 + 1], b = d[y * 4 + 2];
        const last = runs[runs.length - 1];
        if (last && Math.abs(last[0] - r) <= tolerance && Math.abs(last[1] - g) <= tolerance && Math.abs(last[2] - b) <= tolerance) last[4] = y + 1;
        else runs.push([r, g, b, y, y + 1]);
      }
      return runs;
    },
    { x, tolerance },
  );
}

export async function pixel(editor: Page, x: number, y: number): Promise<Rgb> {
  return editor.evaluate(({ x, y }) => {
    const c = document.getElementById('view') as HTMLCanvasElement;
    const d = c.getContext('2d')!.getImageData(x, y, 1, 1).data;
    return [d[0], d[1], d[2]] as [number, number, number];
  }, { x, y });
}

export async function canvasSize(editor: Page): Promise<{ width: number; height: number }> {
  return editor.evaluate(() => {
    const c = document.getElementById('view') as HTMLCanvasElement;
    return { width: c.width, height: c.height };
  });
}

export function near(a: Rgb, b: Rgb, tolerance = 4): boolean {
  return a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
}
