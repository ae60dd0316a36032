/**
 * Checks for issue #30: what the capture's scrolling makes the page draw is in the image, whole,
 * once, in its exact colour and place; what moves by itself is whole; animations in progress
 * are at their end; the page moves again afterwards. Each check collects every problem, so a
 * failure lists all rows and cards that are wrong, not only the first.
 */
import type { Page } from '@playwright/test';
import { viewportOf } from './checks';
import { canvasSize, columnRuns, expect, near, pixel, type ExtensionHarness, type Rgb } from './fixtures';
import { CARDS, CAROUSEL, cardColor, ENTRANCE, FEED, INBOX, LATE, LAZY_TIMER, lazyTimerColor, rowColor, SHELL, SLIDES } from './scroll-pages';

type Run = [number, number, number, number, number];

/** One run of `c` spanning [start, end) device rows, ±tol; else a line saying what is there. */
function oneRun(runs: Run[], c: Rgb, start: number, end: number, tol: number, what: string): string[] {
  const found = runs.filter((r) => near([r[0], r[1], r[2]], c));
  if (found.length !== 1) return [`${what}: ${found.length} runs ${JSON.stringify(found.map((r) => [r[3], r[4]]))}, want [${start}, ${end})`];
  if (Math.abs(found[0][3] - start) > tol || Math.abs(found[0][4] - end) > tol) return [`${what}: at [${found[0][3]}, ${found[0][4]}), want [${start}, ${end})`];
  return [];
}

async function captureServed(ext: ExtensionHarness, pathname: string, ready: string): Promise<{ page: Page; editor: Page }> {
  const page = await ext.open(pathname);
  await page.waitForFunction(ready);
  const editor = await ext.capture(page);
  return { page, editor };
}

/** Every row of the window virtual list once, whole, in place. */
async function virtualRowProblems(editor: Page, s: number): Promise<string[]> {
  const rows = await columnRuns(editor, Math.round((FEED.x + FEED.width / 2) * s));
  const problems: string[] = [];
  for (let i = 0; i < FEED.rows; i++) {
    const top = (FEED.top + i * FEED.rowHeight) * s;
    problems.push(...oneRun(rows, rowColor(i), top, top + FEED.rowHeight * s, Math.ceil(s), `virtual row ${i}`));
  }
  return problems;
}

/** What the editor says under the capture's title (split images, fallbacks); '' when nothing. */
const editorNote = (editor: Page) => editor.locator('#split-note').evaluate((el: HTMLElement) => (el.hidden ? '' : (el.textContent ?? '')));

/**
 * The window virtual list alone: every row; `note` is what the editor must say about it ('' for
 * nothing). Returns the page's viewport height at the click and right after the capture (fast
 * mode's infobar, if it came meanwhile, makes it shorter).
 */
export async function expectListCaptured(ext: ExtensionHarness, s: number, note: string): Promise<{ before: number; after: number }> {
  const page = await ext.open('/scroll/list.html');
  await page.waitForFunction('typeof window.listState === "function"');
  const before = (await viewportOf(page)).height;
  const editor = await ext.capture(page);
  const after = (await viewportOf(page)).height;
  expect.soft(await virtualRowProblems(editor, s), 'every row of the virtual list').toEqual([]);
  expect.soft(await editorNote(editor)).toBe(note);
  await editor.close();
  await page.close();
  return { before, after };
}

/** A virtual list on the window beside AOS reveals, timer lazy images, a carousel and entrance animations. */
export async function expectFeedCaptured(ext: ExtensionHarness, s: number): Promise<void> {
  const { page, editor } = await captureServed(ext, '/scroll/feed.html', 'typeof window.feedState === "function"');
  const tol = Math.ceil(s);
  const problems: string[] = await virtualRowProblems(editor, s);
  const col = (x: number) => columnRuns(editor, Math.round(x * s));

  const cards = await col(CARDS.x + CARDS.width / 2);
  for (let i = 0; i < CARDS.count; i++) {
    const top = (CARDS.first + i * CARDS.gap) * s;
    problems.push(...oneRun(cards, cardColor(i), top, top + CARDS.height * s, tol, `AOS card ${i}`));
  }
  const lazy = await col(LAZY_TIMER.x + LAZY_TIMER.size / 2);
  for (let i = 0; i < LAZY_TIMER.count; i++) {
    const top = (LAZY_TIMER.first + i * LAZY_TIMER.gap) * s;
    problems.push(...oneRun(lazy, lazyTimerColor(i), top, top + LAZY_TIMER.size * s, tol, `timer lazy image ${i}`));
  }
  // The carousel straddles the first seam: one slide, whole, whatever slide it is.
  const carouselTop = await page.evaluate(() => document.getElementById('carousel')!.getBoundingClientRect().top + scrollY);
  const slides = (await col(CAROUSEL.x + CAROUSEL.width / 2)).filter((r) => SLIDES.some((c) => near([r[0], r[1], r[2]], c)));
  const whole = slides.length === 1 && Math.abs(slides[0][3] - carouselTop * s) <= tol && Math.abs(slides[0][4] - (carouselTop + CAROUSEL.height) * s) <= tol;
  if (!whole) problems.push(`carousel: slide runs ${JSON.stringify(slides.map((r) => [r.slice(0, 3), r[3], r[4]]))}, want one over [${carouselTop * s}, ${(carouselTop + CAROUSEL.height) * s})`);
  // Entrance animations in progress at the click are at their end state.
  const E = ENTRANCE;
  const fade = await pixel(editor, Math.round((E.fadeX + E.width / 2) * s), Math.round((E.y + E.height / 2) * s));
  if (!near(fade, E.fade)) problems.push(`fade-in at ${fade}, want ${E.fade}`);
  const slid = await pixel(editor, Math.round((E.slideX + 5) * s), Math.round((E.y + E.height / 2) * s));
  if (!near(slid, E.slide)) problems.push(`slide-in left edge at ${slid}, want ${E.slide}`);
  expect.soft(problems, 'rows, cards, images and slides in the image').toEqual([]);
  await editor.close();

  // The page moves again: the carousel advances, the list still renders on scroll.
  const before = await page.evaluate(() => (window as unknown as { feedState(): { moves: number } }).feedState().moves);
  await page.waitForTimeout(CAROUSEL.interval * 2 + CAROUSEL.speed);
  const after = await page.evaluate(() => (window as unknown as { feedState(): { moves: number } }).feedState().moves);
  expect.soft(after, 'the carousel moves again').toBeGreaterThan(before);
  await page.close();
}

/**
 * react-window in the page's only scroller: the pane unrolled below the header, every row once.
 * `note` is what the editor must say about the capture, if given.
 */
export async function expectInboxCaptured(ext: ExtensionHarness, s: number, note?: string): Promise<void> {
  const { page, editor } = await captureServed(ext, '/scroll/inbox.html', '!!document.querySelector("#root [role=listitem], #root div div")');
  if (note !== undefined) expect.soft(await editorNote(editor)).toBe(note);
  const tol = Math.ceil(s);
  const problems: string[] = [];
  const { height } = await canvasSize(editor);
  const want = (INBOX.headerHeight + INBOX.rows * INBOX.rowHeight) * s;
  if (Math.abs(height - want) > tol) problems.push(`image height ${height}, want ${want}`);
  const runs = await columnRuns(editor, Math.round(200 * s));
  for (let i = 0; i < INBOX.rows; i++) {
    const top = (INBOX.headerHeight + i * INBOX.rowHeight) * s;
    problems.push(...oneRun(runs, rowColor(i), top, top + INBOX.rowHeight * s, tol, `react-window row ${i}`));
  }
  expect.soft(problems, 'every row of the virtual pane').toEqual([]);
  await editor.close();
  // The list still follows its scroller afterwards: row 50 is drawn once scrolled to.
  const row50 = `rgb(${rowColor(50).join(', ')})`;
  await page.locator('#root > div').first().evaluate((el) => el.scrollTo({ top: 50 * 40 }));
  await expect.poll(() => page.evaluate((bg) => [...document.querySelectorAll<HTMLElement>('#root *')].some((r) => r.style.background === bg || getComputedStyle(r).backgroundColor === bg), row50)).toBe(true);
  await page.close();
}

/** A web component's shadow root: its fixed header once at the top, its inner pane unrolled, its motion held and finished. */
export async function expectShellCaptured(ext: ExtensionHarness, s: number): Promise<void> {
  const { page, editor } = await captureServed(ext, '/scroll/shell.html', '!!document.querySelector("app-shell")?.shadowRoot');
  const tol = Math.ceil(s);
  const runs = await columnRuns(editor, Math.round(100 * s));
  const problems = oneRun(runs, SHELL.header, 0, SHELL.headerHeight * s, tol, 'fixed header in the shadow root');
  for (let i = 0; i < SHELL.rows; i++) {
    const top = (SHELL.headerHeight + i * SHELL.rowHeight) * s;
    problems.push(...oneRun(runs, rowColor(i), top, top + SHELL.rowHeight * s, tol, `shadow pane row ${i}`));
  }
  // Motion inside the component: the fade-in in progress at the click is at its end.
  const fade = await pixel(editor, Math.round((SHELL.fade.x + SHELL.fade.width / 2) * s), Math.round(28 * s));
  if (!near(fade, SHELL.fade.color)) problems.push(`fade-in in the shadow root at ${fade}, want ${SHELL.fade.color}`);
  expect.soft(problems, 'the web component unrolled, its reveals and fade-in finished').toEqual([]);
  await editor.close();
  // Its endless spinner turns again afterwards.
  const turned = () => page.evaluate(() => Number(document.querySelector('app-shell')!.shadowRoot!.querySelector('.spin')!.getAnimations()[0]?.currentTime ?? -1));
  const before = await turned();
  await expect.poll(turned, { message: 'the spinner in the shadow root turns again' }).toBeGreaterThan(before);
  await page.close();
}

/**
 * Late sections: the image is as tall as the page after a reader scrolls through it, and each
 * section's marker is where that reader sees it.
 */
export async function expectLateSectionsLaidOut(ext: ExtensionHarness, s: number): Promise<void> {
  const { page, editor } = await captureServed(ext, '/scroll/late.html', 'document.readyState === "complete"');
  const image = await canvasSize(editor);
  const marks = (await columnRuns(editor, Math.round((LATE.x + 10) * s))).filter((r) => near([r[0], r[1], r[2]], LATE.marker)).map((r) => r[3]);
  await editor.close();
  // The reference: scroll through by hand, as a reader does, then measure.
  const reference = await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(r));
    const tops = [...document.querySelectorAll('.marker')].map((m) => m.getBoundingClientRect().top + scrollY);
    return { height: document.documentElement.scrollHeight, tops };
  });
  expect(Math.abs(image.height - reference.height * s), `image ${image.height} rows, page ${reference.height} px after scrolling`).toBeLessThanOrEqual(1);
  expect(marks.length, 'one marker per section').toBe(LATE.sections);
  const off = reference.tops.map((t, i) => Math.round(marks[i] - t * s)).filter((d) => Math.abs(d) > 1);
  expect(off, 'markers where a reader sees them (device rows off)').toEqual([]);
  await page.close();
}
