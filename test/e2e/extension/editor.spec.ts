/**
 * The editor after a capture (exports, delete, recent list) and the website bridge that turns
 * Premium tools on and off, in one serial flow that reuses one capture.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { test, expect, canvasSize, near, pixel } from './fixtures';
import { BANDS, BANDS_PAGE_HEIGHT, bandColor } from './pages';
import { jpegSize, pngSize, PREMIUM_LOGIN } from './export-files';

test.describe.configure({ mode: 'serial' });

const freeLogin = { ...PREMIUM_LOGIN, userId: 'u-free', status: 'canceled' };

let editor: Page;
let width = 0;

async function downloadBytes(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: dl.suggestedFilename(), bytes: await readFile((await dl.path())!) };
}

async function sitePage(ext: { servers: { site: string; other: string }; context: import('@playwright/test').BrowserContext }, origin: string, child?: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`${origin}/site.html${child ? `?child=${encodeURIComponent(child)}` : ''}`);
  return page;
}

test('capture opens the editor with the image at fit and 100%', async ({ ext }) => {
  const page = await ext.open('/bands.html');
  editor = await ext.capture(page);
  await page.close();
  ({ width } = await canvasSize(editor));
  await expect(editor.getByRole('heading', { name: 'Bands' })).toBeVisible();
  // #sizer has the displayed image's box (the full-size canvas itself stays off screen).
  const shown = () => editor.locator('#sizer').evaluate((c) => c.getBoundingClientRect().width);
  expect(await shown()).toBeLessThan(width); // fit
  await editor.getByRole('button', { name: '100%' }).click();
  await expect(editor.getByRole('button', { name: '100%' })).toHaveAttribute('aria-pressed', 'true');
  expect(await shown()).toBe(width);
  // What is on screen is the image: #screen repaints the visible part as the stage scrolls.
  await editor.locator('#stage').evaluate((s) => (s.scrollTop = 900));
  await expect
    .poll(() =>
      editor.evaluate(() => {
        const px = (id: string, x: number, y: number) => (document.getElementById(id) as HTMLCanvasElement).getContext('2d')!.getImageData(x, y, 1, 1).data.join();
        const d = devicePixelRatio;
        return [px('screen', 20 * d, 20 * d) === px('view', 20 * d, 920 * d), px('screen', 20 * d, 300 * d) === px('view', 20 * d, 1200 * d)];
      }),
    )
    .toEqual([true, true]);
  await editor.getByRole('button', { name: 'Fit' }).click();
  // Captures are listed locally.
  const current = editor.getByRole('complementary', { name: 'Recent captures' }).locator('a[aria-current=page]');
  await expect(current).toContainText('Bands');
  expect(await current.getAttribute('href')).toBe(`editor.html?id=${new URL(editor.url()).searchParams.get('id')}`);
});

test('exports PNG, JPG and PDF files of the right size', async () => {
  const png = await downloadBytes(editor, 'Download PNG');
  expect(png.name).toMatch(/^screenshot-127\.0\.0\.1-.*\.png$/);
  expect(pngSize(png.bytes)).toEqual({ width, height: BANDS_PAGE_HEIGHT });

  const jpg = await downloadBytes(editor, 'Download JPG');
  expect(jpg.name).toMatch(/\.jpg$/);
  expect(jpegSize(jpg.bytes)).toEqual({ width, height: BANDS_PAGE_HEIGHT });

  const letter = await downloadBytes(editor, 'Download PDF');
  const doc = await PDFDocument.load(letter.bytes);
  const perPage = Math.floor((width * 792) / 612);
  expect(doc.getPageCount()).toBe(Math.ceil(BANDS_PAGE_HEIGHT / perPage));
  expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

  await editor.getByLabel('PDF page size').selectOption('fit');
  const fit = await PDFDocument.load((await downloadBytes(editor, 'Download PDF')).bytes);
  expect(fit.getPageCount()).toBe(1);
  expect(fit.getPage(0).getSize()).toEqual({ width: width * 0.75, height: BANDS_PAGE_HEIGHT * 0.75 });
  await editor.getByLabel('PDF page size').selectOption('a4');
});

test('Premium tools are locked without a Premium login, with links to the site', async ({ ext }) => {
  await expect(editor.getByRole('group', { name: 'Edit the region' }).getByRole('button', { name: 'Crop' })).toBeDisabled();
  await expect(editor.getByLabel('Smart page breaks')).toBeDisabled();
  // The way back from the site reopens this capture.
  const next = encodeURIComponent(`${ext.origin}/editor.html?id=${new URL(editor.url()).searchParams.get('id')}`);
  await expect(editor.getByRole('link', { name: 'Learn about Premium' })).toHaveAttribute('href', `${ext.servers.site}/premium?next=${next}`);
  await expect(editor.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', `${ext.servers.site}/checkout?next=${next}`);
  await expect(editor.getByRole('link', { name: 'Account' })).toHaveAttribute('href', `${ext.servers.site}/account?next=${next}`);
});

test('"Return to editor" from the site reopens the capture the upgrade started from', async ({ ext }) => {
  const id = new URL(editor.url()).searchParams.get('id')!;
  const next = new URL((await editor.getByRole('link', { name: 'Go Premium' }).getAttribute('href'))!).searchParams.get('next')!;
  expect(next).toBe(`${ext.origin}/editor.html?id=${id}`);
  // What the checkout success page does with that `next`: a plain link on the site's page.
  const site = await sitePage(ext, ext.servers.site);
  await site.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'Return to editor';
    document.body.append(a);
  }, next);
  await site.getByRole('link', { name: 'Return to editor' }).click();
  await site.waitForURL(next);
  await expect(site.getByRole('heading', { name: 'Bands' })).toBeVisible();
  await expect(site.locator('body')).toHaveAttribute('data-state', 'ready');
  await expect(site.getByRole('complementary', { name: 'Recent captures' }).locator('a[aria-current=page]')).toHaveAttribute('href', `editor.html?id=${id}`);
  await site.close();
});

test('the bridge ignores logins from other origins', async ({ ext }) => {
  // A frame of another origin inside the site page tries to log in.
  const site = await sitePage(ext, ext.servers.site, `${ext.servers.other}/attacker.html`);
  await site.evaluate(() => (window as unknown as { frameLoaded: Promise<void> }).frameLoaded);
  const child = site.frameLocator('#other');
  await expect(child.locator('body')).toBeAttached();
  const attacker = site.frames().find((f) => f.url().startsWith(ext.servers.other))!;
  await attacker.waitForFunction(() => 'attack' in window);
  await attacker.evaluate((p) => (window as unknown as { attack(p: unknown): void }).attack(p), PREMIUM_LOGIN);
  // A page of a non-allowed origin cannot even load the frame page (web_accessible_resources).
  const other = await sitePage(ext, ext.servers.other);
  await other.evaluate((m) => (window as unknown as { send(m: unknown): void }).send(m), { source: 'fps-site', type: 'login', id: 'x', payload: PREMIUM_LOGIN });
  await site.waitForTimeout(500);
  expect(await ext.getStorage('login')).toBeUndefined();
  expect(await other.evaluate(() => (window as unknown as { replies: unknown[] }).replies)).toEqual([]);
  await expect(editor.locator('body')).toHaveAttribute('data-premium', 'no');
  await other.close();
  await site.close();
});

test('a Premium login from the site unlocks the tools; a free one locks them again', async ({ ext }) => {
  const site = await sitePage(ext, ext.servers.site);
  await site.evaluate(() => (window as unknown as { frameLoaded: Promise<void> }).frameLoaded);
  const send = (m: unknown) => site.evaluate((msg) => (window as unknown as { send(m: unknown): void }).send(msg), m);
  const replies = () => site.evaluate(() => (window as unknown as { replies: Array<Record<string, unknown>> }).replies);

  await send({ source: 'fps-site', type: 'handshake', id: 'h1' });
  await expect.poll(replies).toContainEqual({ source: 'fps-extension', type: 'handshake-ok', id: 'h1', version: '0.1.0' });

  await send({ source: 'fps-site', type: 'login', id: 'l1', payload: freeLogin });
  await expect.poll(replies).toContainEqual({ source: 'fps-extension', type: 'login-success', id: 'l1', status: 'canceled' });
  await expect(editor.locator('body')).toHaveAttribute('data-premium', 'no');

  await send({ source: 'fps-site', type: 'login', id: 'l2', payload: PREMIUM_LOGIN });
  await expect.poll(replies).toContainEqual({ source: 'fps-extension', type: 'login-success', id: 'l2', status: 'active' });
  expect(await ext.getStorage('login')).toMatchObject({ login: PREMIUM_LOGIN });
  await expect(editor.locator('body')).toHaveAttribute('data-premium', 'yes');
  await expect(editor.getByText('are Premium features')).toBeHidden();
  await site.close();
});

test('the options page shows the login state and the optional permissions', async ({ ext }) => {
  const options = await ext.context.newPage();
  await options.goto(`${ext.origin}/options.html`);
  await expect(options.locator('body')).toHaveAttribute('data-state', 'ready');
  await expect(options.locator('#account-state')).toHaveText('Signed in with Premium (active).');
  await expect(options.locator('p', { hasText: 'to capture the whole page' })).toContainText('Alt+Shift+P');
  // The test build grants Debugger and Downloads at install; iFrame access stays optional.
  await expect(options.getByRole('listitem').filter({ hasText: 'Debugger' })).toContainText('granted');
  await expect(options.getByRole('listitem').filter({ hasText: 'iFrame access' })).toContainText('not granted');
  // Each setting's name reads larger and bolder than its description (issue #24).
  const sizes = await options.locator('section > label').evaluateAll((labels) =>
    labels.map((l) => ({ label: parseFloat(getComputedStyle(l).fontSize), weight: Number(getComputedStyle(l).fontWeight), hint: parseFloat(getComputedStyle(l.nextElementSibling!).fontSize) })),
  );
  expect(sizes).toHaveLength(3);
  for (const s of sizes) expect(s.label > s.hint && s.weight >= 600, JSON.stringify(s)).toBe(true);
  await expect(options.getByRole('checkbox', { name: 'Fast capture mode' })).not.toBeChecked();
  await options.getByRole('checkbox', { name: 'Fast capture mode' }).check();
  await expect.poll(() => ext.getStorage('settings')).toMatchObject({ fastMode: true });
  await options.getByRole('checkbox', { name: 'Fast capture mode' }).uncheck();
  await expect.poll(() => ext.getStorage('settings')).toMatchObject({ fastMode: false });
  await options.close();
});

test('Premium tools: crop, blur, highlight, text, stamp, undo and redo', async () => {
  const region = async (x: number, y: number, w: number, h: number) => {
    await editor.getByLabel('X', { exact: true }).fill(String(x));
    await editor.getByLabel('Y', { exact: true }).fill(String(y));
    await editor.getByLabel('Width').fill(String(w));
    await editor.getByLabel('Height').fill(String(h));
  };
  const tool = (name: string) => editor.getByRole('button', { name, exact: true }).click();
  const bandY = (i: number) => BANDS.top + i * BANDS.height + BANDS.height / 2;

  // The size shown above the image and in the recent-captures card follows crop, undo and redo.
  const meta = editor.locator('#capture-meta');
  const card = editor.getByRole('complementary', { name: 'Recent captures' }).locator('a[aria-current=page]');
  const shows = async (w: number, h: number) => {
    await expect(meta).toContainText(`· ${w}×${h} px`);
    await expect(card).toContainText(`· ${w}×${h}`);
  };
  await shows(width, BANDS_PAGE_HEIGHT);
  await region(0, 300, 640, 1000);
  await expect(editor.locator('#selection')).toBeVisible();
  await tool('Crop');
  await expect.poll(() => canvasSize(editor)).toEqual({ width: 640, height: 1000 });
  await shows(640, 1000);
  // The dashed selection box goes with the crop (issue #24): it no longer marks anything.
  await expect(editor.locator('#selection')).toBeHidden();
  await tool('Undo');
  await expect.poll(() => canvasSize(editor)).toEqual({ width, height: BANDS_PAGE_HEIGHT });
  await shows(width, BANDS_PAGE_HEIGHT);
  await tool('Redo');
  await expect.poll(() => canvasSize(editor)).toEqual({ width: 640, height: 1000 });
  await shows(640, 1000);
  // The crop is saved: reopening the capture shows the cropped size.
  await editor.reload();
  await expect(editor.locator('body')).toHaveAttribute('data-state', 'ready');
  await shows(640, 1000);
  await tool('Undo');
  await shows(width, BANDS_PAGE_HEIGHT);

  await region(100, bandY(5) - 50, 300, 100);
  await tool('Highlight');
  await expect.poll(async () => near(await pixel(editor, 200, bandY(5)), bandColor(5))).toBe(false);
  expect(near(await pixel(editor, 600, bandY(5)), bandColor(5))).toBe(true);

  // Blur across a band edge mixes the two colours near the edge.
  const edge = BANDS.top + 8 * BANDS.height;
  await region(100, edge - 40, 300, 80);
  await tool('Blur');
  await expect.poll(async () => [near(await pixel(editor, 150, edge - 2), bandColor(7)), near(await pixel(editor, 150, edge + 1), bandColor(8))]).not.toEqual([true, true]);

  await region(700, bandY(12), 10, 10);
  await editor.getByLabel('Text', { exact: true }).fill('WWWWWW');
  await tool('Add text');
  await editor.getByRole('button', { name: 'Add URL and date stamp' }).click();
  await expect.poll(async () => near(await pixel(editor, 2, 2), [255, 0, 255])).toBe(false);

  // Keyboard: Ctrl+Z undoes the stamp and the text.
  await editor.locator('#screen').click({ position: { x: 5, y: 5 } }).catch(() => undefined);
  await editor.getByRole('button', { name: 'Undo' }).focus();
  await editor.keyboard.press('Enter');
  await expect.poll(async () => near(await pixel(editor, 2, 2), [255, 0, 255])).toBe(true);
});

test('smart PDF page breaks for Premium, logout locks again', async ({ ext }) => {
  await editor.getByLabel('Smart page breaks').check();
  const pdf = await PDFDocument.load((await downloadBytes(editor, 'Download PDF')).bytes);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(Math.ceil(BANDS_PAGE_HEIGHT / Math.floor((width * 841.89) / 595.28)));

  const site = await sitePage(ext, ext.servers.site);
  await site.evaluate(() => (window as unknown as { frameLoaded: Promise<void> }).frameLoaded);
  await site.evaluate(() => (window as unknown as { send(m: unknown): void }).send({ source: 'fps-site', type: 'login', id: 'out', payload: {} }));
  await expect.poll(() => site.evaluate(() => (window as unknown as { replies: unknown[] }).replies)).toContainEqual({ source: 'fps-extension', type: 'login-success', id: 'out', status: '' });
  expect(await ext.getStorage('login')).toBeUndefined();
  await expect(editor.locator('body')).toHaveAttribute('data-premium', 'no');
  await expect(editor.getByLabel('Smart page breaks')).not.toBeChecked();
  await site.close();
});

test('copy to clipboard, then delete the capture', async () => {
  await editor.getByRole('button', { name: 'Copy to clipboard' }).click();
  await expect(editor.locator('#status')).toHaveText('Copied to the clipboard.');

  const id = new URL(editor.url()).searchParams.get('id')!;
  const del = editor.getByRole('button', { name: 'Delete' });
  await del.click();
  await editor.getByRole('button', { name: 'Click again to delete' }).click();
  await editor.waitForURL(/deleted=1/);
  await expect(editor.getByRole('status').filter({ hasText: 'The capture was deleted.' })).toBeVisible();
  await expect(editor.locator(`a[href="editor.html?id=${id}"]`)).toHaveCount(0);
  await editor.close();
});
