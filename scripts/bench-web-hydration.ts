/**
 * Checks of the prerendered pages for bench:web, in Chromium against the served build:
 * - with JavaScript off, the page paints its content: one h1 with text inside <main>;
 * - with JavaScript on, React hydrates the markup (the h1 the HTML parser made is still the one
 *   on the page afterwards) and nothing is logged to the console as an error or warning
 *   (hydration mismatches are console errors, #418 in production builds).
 *
 * The auth-pending first paints of app paths (/account, /checkout) hold two paints, the signed-out
 * view and "Checking your sign-in…", and a probe shows one before the first paint; they are not
 * hydrated: the SPA renders them anew. For those, `checkAuthPendingPaints` checks the visible
 * no-JavaScript paint, and that the SPA took over (React owns #root and the h1) showing first the
 * same h1 and then, at most, the view the visitor ends on (the bench's visitor is signed out, so
 * one h1 throughout): no other state in between.
 */
import { chromium } from 'playwright-core';
import { CHROME_PATH } from './bench-web-lighthouse';

export interface PageCheck {
  path: string;
  h1WithoutJs: string | null;
  hydrated: boolean;
  /** Auth-pending paints: the texts the h1 went through with JavaScript on. */
  h1Texts?: string[];
  console: string[];
}

/** Marks the h1 the parser creates, before any script of the page runs. */
const MARK_PARSED_H1 = `new MutationObserver((_, o) => {
  const h1 = document.querySelector('#root h1');
  if (h1) { h1.__fpsParsed = true; o.disconnect(); }
}).observe(document, { childList: true, subtree: true });`;

/** With JavaScript on, what the page's h1 reads once the SPA has rendered, or null when it has not. */
const SPA_H1 = `(() => {
  const root = document.getElementById('root');
  const owned = !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  const h1 = document.querySelector('main h1');
  return owned && h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber')) ? h1.textContent.trim() : null;
})()`;

/** Records the distinct texts the visible h1 goes through, at every frame from the first paint on. */
const RECORD_H1_TEXTS = `window.__fpsH1s = [];
const record = () => {
  const main = [...document.querySelectorAll('main')].find((m) => m.checkVisibility());
  const text = main?.querySelector('h1')?.innerText.trim();
  if (text && window.__fpsH1s.at(-1) !== text) window.__fpsH1s.push(text);
  requestAnimationFrame(record);
};
requestAnimationFrame(record);`;

/**
 * Amplify warns once it is configured with a user-pool endpoint of its own, which the bench's
 * config (like the local stack's cognito-local) has and a deployed one does not.
 */
const EXPECTED_WARNING = /custom Amazon (Amazon )?Cognito User Pool endpoint/;

type Browser = Awaited<ReturnType<typeof chromium.launch>>;
type BrowserContext = Awaited<ReturnType<Browser['newContext']>>;
type Page = Awaited<ReturnType<BrowserContext['newPage']>>;

/** The page's one h1 with JavaScript off, or null when there is not exactly one. */
async function h1WithoutJavaScript(noJs: BrowserContext, url: string): Promise<string | null> {
  const still = await noJs.newPage();
  await still.goto(url);
  const h1s = still.locator('main:visible h1');
  const h1 = (await h1s.count()) === 1 ? (await h1s.innerText()).trim() : null;
  await still.close();
  return h1;
}

/** Console errors and warnings (and uncaught errors) of a page, except those matching `expected`. */
function consoleProblems(page: Page, expected?: RegExp): string[] {
  const logged: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !expected?.test(m.text())) logged.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => logged.push(`pageerror: ${e.message}`));
  return logged;
}

/** Runs `check` with a JavaScript-off context and a JavaScript-on one primed with `initScript`. */
async function withContexts<T>(initScript: string, check: (noJs: BrowserContext, withJs: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const withJs = await browser.newContext();
    await withJs.addInitScript(initScript);
    return await check(noJs, withJs);
  } finally {
    await browser.close();
  }
}

export function checkAuthPendingPaints(baseUrl: string, paths: string[]): Promise<PageCheck[]> {
  return withContexts(RECORD_H1_TEXTS, async (noJs, withJs) => {
    const out: PageCheck[] = [];
    for (const path of paths) {
      const h1WithoutJs = await h1WithoutJavaScript(noJs, baseUrl + path);
      const page = await withJs.newPage();
      const logged = consoleProblems(page, EXPECTED_WARNING);
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      const spaH1 = await page.waitForFunction(SPA_H1, undefined, { timeout: 10_000 }).then((h) => h.jsonValue() as Promise<string>, () => null);
      const seen = await page.evaluate(() => (window as unknown as { __fpsH1s: string[] }).__fpsH1s);
      await page.close();
      // The paint's h1, then at most the one the SPA ends on.
      const inOrder = seen[0] === h1WithoutJs && seen.length <= 2 && seen.at(-1) === spaH1;
      out.push({ path, h1WithoutJs, hydrated: spaH1 !== null && inOrder, h1Texts: seen, console: logged });
    }
    return out;
  });
}

export function checkPrerenderedPages(baseUrl: string, paths: string[]): Promise<PageCheck[]> {
  return withContexts(MARK_PARSED_H1, async (noJs, withJs) => {
    const out: PageCheck[] = [];
    for (const path of paths) {
      const h1WithoutJs = await h1WithoutJavaScript(noJs, baseUrl + path);
      const page = await withJs.newPage();
      const logged = consoleProblems(page);
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      const hydrated = await page.evaluate(() => {
        const h1 = document.querySelector('#root h1') as (HTMLElement & { __fpsParsed?: boolean }) | null;
        // React attaches its fiber to the nodes it hydrated.
        return !!h1?.__fpsParsed && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
      });
      await page.close();
      out.push({ path, h1WithoutJs, hydrated, console: logged });
    }
    return out;
  });
}
