import type { BrowserContext, Page } from '@playwright/test';
import { BROWSER_ATTACKS, EVIL_HOST } from '../../security/redirect-path-attacks';
import { DEV_EXTENSION_ORIGIN } from '../../../extension/dev-key';
import { confirmedUser, expect, fillSignIn, test } from './fixtures';

/**
 * The pages that read `redirectPath` (sign-out, sign-in) and `next` (every page), loaded for real
 * with open-redirect attempts (test/security/redirect-path-attacks.ts; the unit test runs the whole
 * table through the rule). The browser must stay on the site: no request to the attacker's host,
 * no script run from the address, and the final address on the site's origin.
 */

/** Records every request to the attacker's host (answering it, so a navigation would complete) and every dialog. */
async function watchForEscape(context: BrowserContext, page: Page) {
  const escaped: string[] = [];
  await context.route((url) => url.hostname.endsWith(EVIL_HOST) || url.hostname.startsWith('evil'), (route) => {
    escaped.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<h1>evil</h1>' });
  });
  page.on('dialog', (d) => {
    escaped.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return escaped;
}

const siteOrigin = () => new URL(process.env.FPS_SITE_URL!).origin;

test.describe('open redirect', () => {
  for (const attack of BROWSER_ATTACKS) {
    test(`sign-out with redirectPath=${JSON.stringify(attack)} goes home`, async ({ page, context }) => {
      const escaped = await watchForEscape(context, page);
      await page.goto(`/auth/signout?redirectPath=${encodeURIComponent(attack)}`);
      // Sign-out waits for the (absent) extension, then redirects: home, as the path was refused.
      await expect(page).toHaveURL(`${siteOrigin()}/`, { timeout: 15_000 });
      await page.waitForTimeout(300);
      expect(new URL(page.url()).origin).toBe(siteOrigin());
      expect(escaped).toEqual([]);
    });
  }

  test('sign-in with a refused redirectPath lands on the account page', async ({ page, context }) => {
    const escaped = await watchForEscape(context, page);
    const email = await confirmedUser('redirect');
    await page.goto(`/auth/signin?redirectPath=${encodeURIComponent(`/\\${EVIL_HOST}`)}`);
    await fillSignIn(page, email);
    await expect(page).toHaveURL(`${siteOrigin()}/account`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: `Welcome ${email}` })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('fps.auth.redirect'))).toBeNull();
    expect(escaped).toEqual([]);
  });

  test('next outside the allowed extension origins is dropped from the address and never stored', async ({ page, context }) => {
    const escaped = await watchForEscape(context, page);
    for (const next of [`https://${EVIL_HOST}/`, `${DEV_EXTENSION_ORIGIN}.${EVIL_HOST}/`, `${DEV_EXTENSION_ORIGIN}@${EVIL_HOST}/`, `//${EVIL_HOST}`]) {
      await page.goto(`/account?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL(`${siteOrigin()}/account`);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => [sessionStorage.getItem('fps.next'), sessionStorage.getItem('fps.next.previous')])).toEqual([null, null]);
    }
    // Control: the local stack's extension origin is accepted (so the check above is not vacuous).
    await page.goto(`/account?next=${encodeURIComponent(`${DEV_EXTENSION_ORIGIN}/editor.html`)}`);
    await expect(page).toHaveURL(`${siteOrigin()}/account`);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('fps.next'))).toBe(`${DEV_EXTENSION_ORIGIN}/editor.html`);
    expect(escaped).toEqual([]);
  });
});
