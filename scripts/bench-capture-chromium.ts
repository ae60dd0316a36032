/**
 * bench:capture's shared plumbing: the load average it prints, headless Chromium with the
 * extension loaded, the toolbar click (CDP Extensions.triggerAction, like a user), the wait for
 * the editor, and Playwright's own fullPage screenshot for reference.
 */
import os from 'node:os';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');

const WINDOW = { width: 1280, height: 800 };

export function launch(profile: string, extDir: string, dpr: number): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: false,
    viewport: null,
    args: ['--headless=new', `--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`, '--enable-unsafe-extension-debugging',
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--hide-scrollbars', `--window-size=${WINDOW.width},${WINDOW.height}`, `--force-device-scale-factor=${dpr}`],
  });
}

/** Clicks the toolbar button and returns the seconds until the editor shows the image, and the editor. */
export async function timedCapture(context: BrowserContext, cdp: CDPSession, extId: string, page: Page): Promise<{ totalS: number; editor: Page }> {
  const editorP = context.waitForEvent('page', { timeout: 120_000 });
  const t0 = performance.now();
  await clickAction(context, cdp, extId, page);
  const editor = await editorP;
  await editor.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 120_000 });
  return { totalS: (performance.now() - t0) / 1000, editor };
}

/** A new tab at `url`, given half a second for its load to settle. */
export async function freshPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await new Promise((r) => setTimeout(r, 500));
  return page;
}

/** Playwright's fullPage screenshot of `url` on a tab of its own: cold, as the capture it is compared with. */
export async function playwrightFullPage(context: BrowserContext, url: string): Promise<number> {
  const page = await freshPage(context, url);
  const t1 = performance.now();
  await page.screenshot({ fullPage: true, type: 'png' });
  const s = (performance.now() - t1) / 1000;
  await page.close();
  return s;
}

async function clickAction(context: BrowserContext, cdp: CDPSession, extId: string, page: Page): Promise<void> {
  await page.bringToFront();
  const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] } as never)) as { targetInfos: Array<{ targetId: string; url: string }> };
  const tab = targetInfos.find((t) => t.url === page.url());
  if (!tab) throw new Error('tab not found');
  await cdp.send('Extensions.triggerAction' as never, { id: extId, targetId: tab.targetId } as never);
}
