import { expect, test } from './fixtures';

/**
 * Visitors without the extension: the site's bridge (a hidden frame per configured extension
 * origin) must not leave errors or warnings in their console. The bridge's working side is
 * covered by auth.spec.ts (stand-in extension) and the extension's own browser tests.
 */
test('no console error or warning on / without the extension', async ({ page }) => {
  const noise: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') noise.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => noise.push(`pageerror: ${e.message}`));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The handshake has tried every origin by then (each frame loads or fails at once, then waits 500 ms).
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('iframe[title$="extension connection"]').length), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(1_000);
  expect(noise).toEqual([]);
});
