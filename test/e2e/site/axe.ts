import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The automated accessibility check (axe-core, WCAG 2.x A and AA rules) of the page as it is now:
 * serious and critical violations fail the test, each listed with a few of its elements. Called
 * by the site's browser tests at their key states (every page, open dialogs, menus, the viewer).
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // With no frame to check (the bridge's is excluded), axe runs in the page itself: the default
  // merges frame results in a fresh blank page, which took ~1 s more per check. Only violations
  // are read, so only they are collected in full.
  const framesToCheck = await page.locator('iframe:not([hidden])').count();
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] }) // first: options() replaces what withTags() sets
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The extension bridge's hidden frame points at an extension that is not installed in these tests.
    .exclude('iframe[hidden]')
    .setLegacyMode(framesToCheck === 0)
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `accessibility of ${state}`).toEqual([]);
}
