import { expect, test } from '@playwright/test';

/**
 * Every "get the extension" link goes to the store of the visitor's browser (issue #33 §2): the
 * home page is prerendered for no browser in particular, and switches once it has hydrated,
 * without a hydration error.
 */
test.use({ baseURL: process.env.FPS_SITE_URL });
test.skip(!process.env.FPS_SITE_URL, 'FPS_SITE_URL is not set (no site to test)');

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const visitors = [
  { browser: 'Chrome', userAgent: CHROME_UA, host: 'chromewebstore.google.com', others: ['Edge', 'Firefox'] },
  { browser: 'Edge', userAgent: `${CHROME_UA} Edg/142.0.0.0`, host: 'microsoftedge.microsoft.com', others: ['Chrome', 'Firefox'] },
  { browser: 'Firefox', userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', host: 'addons.mozilla.org', others: ['Chrome', 'Edge'] },
];

for (const v of visitors) {
  test.describe(`a ${v.browser} visitor`, () => {
    test.use({ userAgent: v.userAgent });

    test(`is offered the ${v.browser} ${v.browser === 'Chrome' ? 'extension' : 'add-on'} first, the others beside it`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      await page.goto('/');
      const hero = page.locator('.hero');
      await expect(hero.getByText('Free for Chrome, Edge and Firefox')).toBeVisible();
      const primary = hero.getByRole('link', { name: `Add to ${v.browser}, it’s free` });
      await expect(primary).toBeVisible();
      expect(new URL((await primary.getAttribute('href'))!).hostname).toBe(v.host);
      for (const other of v.others) await expect(hero.getByRole('link', { name: `Get it for ${other}` })).toBeVisible();
      await expect(page.locator('.plan-card--basic').getByRole('link', { name: `Add to ${v.browser}` })).toHaveAttribute('href', new RegExp(`^https://${v.host.replace(/\./g, '\\.')}/`));
      // The footer lists all three stores, whatever the browser.
      const footer = page.getByRole('contentinfo');
      for (const [name, host] of [['Chrome extension', 'chromewebstore.google.com'], ['Edge add-on', 'microsoftedge.microsoft.com'], ['Firefox add-on', 'addons.mozilla.org']]) {
        expect(new URL((await footer.getByRole('link', { name }).getAttribute('href'))!).hostname).toBe(host);
      }
      expect(problems).toEqual([]);
    });
  });
}
