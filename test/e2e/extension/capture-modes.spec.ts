/**
 * Capture modes (issue #33 §1): the visible part, delayed captures with their countdown badge and
 * its cancel, the toolbar button's menu and the modes' commands. Headless Chromium opens neither
 * the button's menu nor browser shortcuts, so the tests click the button with a test-build hook
 * (`testHooks.actionMode`) that makes that click start the mode the menu item would: the same
 * `startMode` as the menu's and the commands' handlers, with the activeTab grant of a real click.
 */
import { ACTION_COMMAND, CAPTURE_MODES, commandName, menuItems, modeTitle } from '../../../extension/lib/capture-modes';
import { test, expect, canvasSize, columnRuns, near, pixel, type Rgb } from './fixtures';
import { expectBands, viewportOf } from './checks';
import { addHoverBox, badgeOf, bandsRowColor, BOX, presented, settledEditor } from './capture-modes-checks';

test.describe('capture modes', () => {
  test.afterEach(async ({ ext }) => {
    await ext.removeStorage(['testHooks']);
  });

  test('the toolbar button menu holds every mode, and every mode has a command', async ({ ext }) => {
    const worker = await ext.worker();
    const ids = menuItems().map((i) => i.id);
    // contextMenus cannot list its items; updating one that does not exist fails. The worker makes
    // them when the extension is installed, just after it starts: as a person would, look again.
    const updates = () => worker.evaluate(
      (ids) => Promise.all([...ids, 'no-such-item'].map((id) => new Promise<string>((resolve) => chrome.contextMenus.update(id, {}, () => resolve(chrome.runtime.lastError?.message ?? 'ok'))))),
      ids,
    );
    await expect.poll(async () => (await updates()).slice(0, -1)).toEqual(ids.map(() => 'ok'));
    expect((await updates()).at(-1)).not.toBe('ok');
    const commands = await worker.evaluate(() => chrome.commands.getAll());
    const byName = new Map(commands.map((c) => [c.name, c]));
    // Headless Chromium binds no keys (every shortcut reads ''); the suggested keys are pinned by
    // the manifest's snapshot and lib/capture-modes.test.ts.
    // (Chrome reports no description for _execute_action, the toolbar button's own command.)
    for (const m of CAPTURE_MODES) expect(byName.get(commandName(m))?.description, commandName(m)).toBe(commandName(m) === ACTION_COMMAND ? '' : modeTitle(m));
  });

  test('visible part: exactly one viewport at the scroll position, nothing on the page changed', async ({ ext }) => {
    const page = await ext.open('/bands.html');
    await page.evaluate(() => scrollTo(0, 1234));
    await presented(page);
    const vp = await viewportOf(page);
    await ext.setStorage({ testHooks: { actionMode: 'visible' } });
    const editor = await ext.capture(page);
    expect(await editor.evaluate(() => document.body.dataset.state)).toBe('ready');
    expect(await canvasSize(editor)).toEqual(vp);
    // Every row is the page's as it was on screen: header, sticky nav, then the bands under scroll 1234.
    for (const [r, g, b, start, end] of await columnRuns(editor, 20)) {
      for (const y of [start, end - 1]) expect(near([r, g, b], bandsRowColor(y, 1234)), `row ${y}: ${[r, g, b]}`).toBe(true);
    }
    for (const y of [10, 70, 150, 433, 434, 633, 634, vp.height - 1]) expect(near(await pixel(editor, vp.width - 20, y), bandsRowColor(y, 1234)), `row ${y}`).toBe(true);
    const run = await (await ext.worker()).evaluate(() => globalThis.fpsLastRun);
    expect(run).toMatchObject({ mode: 'visible', frames: 1, parts: 1, quotaErrors: 0 });
    // No content script ran: no overlay, no style touched, the scroll position is the same.
    expect(await page.evaluate(() => ({ y: scrollY, styled: document.querySelectorAll('[style]:not(#late):not(.band)').length, overlay: document.querySelectorAll('fps-capture-overlay').length }))).toEqual({ y: 1234, styled: 0, overlay: 0 });
    await editor.close();
    await page.close();
  });

  test('visible part under lowered canvas limits: split images by the same rules', async ({ ext }) => {
    await ext.setStorage({ testHooks: { actionMode: 'visible', canvasLimits: { maxSide: 4000, maxArea: 1280 * 300 } } });
    const page = await ext.open('/bands.html');
    const vp = await viewportOf(page);
    const editor = await ext.capture(page);
    await expect(editor.locator('#split-note')).toContainText('split into 3 images');
    const size = await canvasSize(editor);
    expect(size.width).toBe(vp.width);
    expect(size.height * 3).toBeGreaterThanOrEqual(vp.height - 2);
    await editor.close();
    await page.close();
  });

  test('delayed visible part: the badge counts down, and a hover made meanwhile is captured', async ({ ext, browserContext }) => {
    const page = await ext.open('/bands.html');
    await addHoverBox(page);
    await page.mouse.move(10, 700);
    expect(near(await page.evaluate(() => getComputedStyle(document.getElementById('hover-box')!).backgroundColor.match(/\d+/g)!.map(Number) as Rgb), BOX.color)).toBe(true);
    await ext.setStorage({ testHooks: { actionMode: 'visible-3s' } });
    const next = browserContext.waitForEvent('page', { timeout: 60_000 });
    const clicked = Date.now();
    await ext.clickAction(page);
    await expect.poll(() => badgeOf(ext).then((b) => b.text)).toMatch(/^[123]$/);
    const during = await badgeOf(ext);
    expect(during.title).toMatch(/^Capturing the visible part in [123] s\. Click the button again to cancel\.$/);
    // Nothing is drawn on the page while it counts down.
    expect(await page.evaluate(() => document.querySelectorAll('fps-capture-overlay').length)).toBe(0);
    // Polled every 50 ms: at Playwright's default (every second after the first few) a loaded
    // machine could step over the second the badge reads 2.
    await expect.poll(() => badgeOf(ext).then((b) => b.text), { timeout: 3000, intervals: [50] }).toBe('2');
    await page.mouse.move(BOX.x + BOX.size / 2, BOX.y + BOX.size / 2);
    const editor = await settledEditor(next);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2900);
    expect(await badgeOf(ext)).toEqual({ text: '', title: 'Capture the whole page (Alt+Shift+P)' });
    expect(near(await pixel(editor, BOX.x + 10, BOX.y + 10), BOX.hover)).toBe(true);
    expect(near(await pixel(editor, BOX.x - 10, BOX.y + 10), bandsRowColor(BOX.y + 10, 0))).toBe(true);
    expect((await (await ext.worker()).evaluate(() => globalThis.fpsLastRun))?.mode).toBe('visible');
    await editor.close();
    await page.close();
  });

  test('delayed whole page: after its countdown, the same whole-page capture as a click', async ({ ext, browserContext }) => {
    const page = await ext.open('/bands.html');
    await ext.setStorage({ testHooks: { actionMode: 'whole-3s' } });
    const next = browserContext.waitForEvent('page', { timeout: 60_000 });
    const clicked = Date.now();
    await ext.clickAction(page);
    await expect.poll(() => badgeOf(ext).then((b) => b.text)).toMatch(/^[123]$/);
    // Nothing is injected before the countdown ends: the page is as the user left it.
    expect(await page.evaluate(() => document.querySelectorAll('fps-capture-overlay').length)).toBe(0);
    const editor = await settledEditor(next);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2900);
    await expectBands(editor, 1, (await viewportOf(page)).width);
    expect((await (await ext.worker()).evaluate(() => globalThis.fpsLastRun))?.mode).toBe('stitch');
    await editor.close();
    await page.close();
  });

  test('a second click during the countdown cancels it: badge cleared, nothing captured', async ({ ext, browserContext }) => {
    const page = await ext.open('/bands.html');
    const worker = await ext.worker();
    await worker.evaluate(() => void (globalThis.fpsLastRun = undefined));
    await ext.setStorage({ testHooks: { actionMode: 'whole-3s' } });
    const pagesBefore = browserContext.pages().length;
    await ext.clickAction(page);
    await expect.poll(() => badgeOf(ext).then((b) => b.text)).toMatch(/^[123]$/);
    expect((await badgeOf(ext)).title).toContain('Capturing the whole page in');
    await ext.clickAction(page);
    await expect.poll(() => badgeOf(ext)).toEqual({ text: '', title: 'Capture the whole page (Alt+Shift+P)' });
    await page.waitForTimeout(4000); // past the end of the countdown
    expect(browserContext.pages().length).toBe(pagesBefore);
    expect(await worker.evaluate(() => globalThis.fpsLastRun)).toBeUndefined();
    expect(await badgeOf(ext)).toEqual({ text: '', title: 'Capture the whole page (Alt+Shift+P)' });
    await page.close();
  });

  test('a tab that goes to another site during the countdown is not captured, and the editor says why', async ({ ext, browserContext }) => {
    const page = await ext.open('/bands.html');
    await ext.setStorage({ testHooks: { actionMode: 'visible-3s' } });
    const next = browserContext.waitForEvent('page', { timeout: 60_000 });
    await ext.clickAction(page);
    await expect.poll(() => badgeOf(ext).then((b) => b.text)).toMatch(/^[123]$/);
    // The click's activeTab grant ends there; the extension has no access to this origin.
    await page.goto(`${ext.servers.third}/bands.html`);
    const editor = await settledEditor(next);
    expect(await editor.evaluate(() => document.body.dataset.state)).toBe('error');
    await expect(editor.locator('#message')).toContainText('the tab went to another page during the countdown');
    await editor.close();
    await page.close();
  });

  test('the options page lists every mode with its shortcut and links to chrome://extensions/shortcuts', async ({ ext, browserContext }) => {
    const options = await browserContext.newPage();
    await options.goto(`${ext.origin}/options.html`);
    await options.waitForFunction(() => document.body.dataset.state === 'ready');
    const rows = await options.locator('#mode-list tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    // The shortcuts as the browser reports them (headless Chromium binds none, so 'Not set' here).
    const reported = await (await ext.worker()).evaluate(() => chrome.commands.getAll());
    const keyOf = new Map(reported.map((c) => [c.name, c.shortcut || 'Not set']));
    expect(rows).toEqual(CAPTURE_MODES.map((m) => [modeTitle(m), keyOf.get(commandName(m))]));
    const link = options.getByRole('link', { name: 'chrome://extensions/shortcuts' });
    await expect(link).toBeVisible();
    const opened = browserContext.waitForEvent('page');
    await link.click();
    const shortcuts = await opened;
    expect(shortcuts.url()).toMatch(/^chrome:\/\/extensions\/shortcuts\/?$/);
    await shortcuts.close();
    await options.close();
  });
});
