/**
 * The site finds the Firefox add-on (issue #33 §2): Firefox serves an add-on's pages from
 * `moz-extension://<uuid>`, random per profile, so the site cannot list that origin as it lists
 * Chrome's. The Firefox build's content script writes it on the site's pages
 * (shared/extension/announced-origin.ts), and the frame page there answers the site's handshake.
 * The page here speaks the bridge protocol as the site's bridge does (web/src/lib/extension-bridge.ts,
 * whose use of the attribute is unit-tested beside it). Same runner as install.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_FRAME_PATH, BRIDGE_SOURCE_EXTENSION, BRIDGE_SOURCE_SITE } from '../../shared/extension/bridge-protocol';
import { EXTENSION_ORIGIN_ATTRIBUTE } from '../../shared/extension/announced-origin';
import { GECKO_ID } from '../../extension/manifest';
import { buildExtension } from '../../scripts/build-extension';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const present = existsSync(FIREFOX);
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** A site page: reads the announced origin, embeds the frame page from it and sends the handshake. */
const sitePage = `<!doctype html><html><head><title>site</title></head><body><script>
window.handshake = new Promise((resolve) => {
  const origin = document.documentElement.getAttribute(${JSON.stringify(EXTENSION_ORIGIN_ATTRIBUTE)});
  if (!origin) return resolve({ origin: null });
  addEventListener('message', (e) => {
    if (e.origin === origin && e.data && e.data.source === ${JSON.stringify(BRIDGE_SOURCE_EXTENSION)} && e.data.type === 'handshake-ok') resolve({ origin, version: e.data.version });
  });
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.onload = () => frame.contentWindow.postMessage({ source: ${JSON.stringify(BRIDGE_SOURCE_SITE)}, type: 'handshake', id: 'h1' }, origin);
  frame.src = origin + ${JSON.stringify(BRIDGE_FRAME_PATH)};
  document.body.append(frame);
});
</script></body></html>`;

describe.skipIf(!present && !process.env.CI)('the site and the Firefox add-on', () => {
  let dir: string;
  let browser: Browser | undefined;
  let server: http.Server;
  let site: string;
  let other: string;

  beforeAll(async () => {
    const listen = async (s: http.Server) => {
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
      return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    };
    server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(sitePage));
    site = await listen(server);
    // Another origin serving the same page: not the site, so it is told nothing.
    other = site.replace('127.0.0.1', 'localhost');
    dir = await mkdtemp(path.join(os.tmpdir(), 'fps-firefox-site-'));
    const build = await buildExtension({ target: 'firefox', outDir: path.join(dir, 'ext'), siteOrigins: [site], siteUrl: site, testBuild: true });
    browser = await puppeteer.launch({
      browser: 'firefox', executablePath: FIREFOX, headless: true, protocol: 'webDriverBiDi',
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID })},
    });
    expect(await browser.installExtension(build.zipPath!)).toBe(GECKO_ID);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("tells the site's pages its moz-extension origin, and its frame page answers the site's handshake there", async () => {
    const page = await browser!.newPage();
    await page.goto(site);
    const answer = await page.evaluate(() => (window as unknown as { handshake: Promise<{ origin: string | null; version?: string }> }).handshake);
    expect(answer.origin).toBe(`moz-extension://${UUID}`);
    expect(answer.version).toMatch(/^\d+\.\d+\.\d+/);
    await page.close();
  }, 60_000);

  it('tells other origins nothing', async () => {
    const page = await browser!.newPage();
    await page.goto(other);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-fps-extension-origin'))).toBeNull();
    await page.close();
  }, 60_000);
});
