/**
 * Driving the website in Firefox as a person does, for puppeteer-core over WebDriver BiDi: buttons
 * and menu items found by their text (BiDi has no ARIA query handler here) and clicked with real
 * input events; text waited for where a person reads it.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { until } from './capture-harness';

/** The first visible element matching `selector` whose text (trimmed) is `text`, within `scope` when given. */
async function byText(page: Page, selector: string, text: string | RegExp, scope?: string): Promise<ElementHandle<Element>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const el of await page.$$(`${scope ? `${scope} ` : ''}${selector}`)) {
      const [label, shown] = await el.evaluate((e) => [(e.textContent ?? '').trim(), e.getClientRects().length > 0] as const);
      if (shown && (typeof text === 'string' ? label === text : text.test(label))) return el;
    }
    if (Date.now() > deadline) throw new Error(`no ${selector} "${text}" on ${page.url()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function clickText(page: Page, selector: string, text: string | RegExp, scope?: string): Promise<void> {
  await (await byText(page, selector, text, scope)).click();
}

/** Waits until `text` shows in the element(s) matching `selector`. */
export function untilText(page: Page, selector: string, text: string, timeoutMs = 30_000): Promise<true> {
  return until(page, ([s, t]) => [...document.querySelectorAll(s)].some((e) => e.getClientRects().length > 0 && (e.textContent ?? '').includes(t)), [selector, text] as const, timeoutMs);
}

/** Fills the site's sign-in form (the Authenticator's, on the page shown) and submits it, as a person does. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.waitForSelector('input[name="username"]', { visible: true, timeout: 30_000 });
  await page.type('input[name="username"]', email);
  await page.type('input[name="password"]', password);
  await clickText(page, 'button[type="submit"]', 'Sign in', 'form');
}

/** Signs in on the site's sign-in page, which then shows the account. */
export async function signIn(page: Page, siteUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${siteUrl}/auth/signin`);
  await fillSignIn(page, email, password);
  await until(page, () => location.pathname.startsWith('/account'), null, 30_000);
}
