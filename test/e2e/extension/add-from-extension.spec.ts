import { expect, signInOnSite, test } from './site-extension';
import { SHORT_BANDS_PAGE } from './pages';

/**
 * The library's Upload → Add from extension, in Chromium with the extension loaded and the local
 * stack's site: two pages are captured, the library lists them (from the extension, over the
 * bridge) and imports both with the site's session; they appear in /images with their titles and
 * source addresses, and stay there after a reload.
 */
test('Add from extension imports two captures into the library', async ({ ext }) => {
  test.slow(); // two captures, a sign-in on a cold dev server, two uploads with thumbnails
  // A retry in the same browser starts from no captures too.
  const worker = await ext.worker();
  await worker.evaluate(async () => {
    // Opening a database that does not exist yet would make an empty one the extension never upgrades.
    if (!(await indexedDB.databases()).some((d) => d.name === 'fps-captures')) return;
    await new Promise<void>((resolve) => {
      const open = indexedDB.open('fps-captures');
      open.onerror = () => resolve();
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(['captures', 'tiles'], 'readwrite');
        tx.objectStore('captures').clear();
        tx.objectStore('tiles').clear();
        tx.oncomplete = () => resolve(db.close());
        tx.onerror = () => resolve(db.close());
      };
    });
  });
  const bands = await ext.open(SHORT_BANDS_PAGE);
  const bandsEditor = await ext.capture(bands);
  const app = await ext.open('/app.html');
  const appEditor = await ext.capture(app);

  // The editor keeps a thumbnail of each capture once it has shown it: wait for both.
  await expect.poll(() => worker.evaluate(() => new Promise<number>((resolve) => {
    const open = indexedDB.open('fps-captures');
    open.onsuccess = () => {
      const all = open.result.transaction('captures').objectStore('captures').getAll();
      all.onsuccess = () => resolve((all.result as Array<{ thumbnail?: Blob }>).filter((c) => c.thumbnail).length);
    };
  })), { timeout: 15_000 }).toBe(2);

  const site = await ext.context.newPage();
  await signInOnSite(site, '/images');
  await expect(site.getByRole('heading', { name: 'Your library is empty' })).toBeVisible({ timeout: 15_000 });

  await site.getByRole('button', { name: 'Upload', exact: true }).click();
  await site.getByRole('menuitem', { name: 'Add from extension' }).click();
  const dialog = site.getByRole('dialog', { name: 'Add from extension' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(2, { timeout: 15_000 });
  // Each listing has its thumbnail, title, date and size.
  await expect(dialog.locator('img.add-from-extension__thumb')).toHaveCount(2);
  await expect(dialog.getByText(/ × \d+ px/)).toHaveCount(2);
  await dialog.getByRole('checkbox', { name: /Bands/ }).check();
  await dialog.getByRole('checkbox', { name: /App/ }).check();
  await dialog.getByRole('button', { name: 'Add 2 captures' }).click();
  await expect(dialog.getByText('2 images were added to your library.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const thumbs = site.locator('button[data-image-id]');
  await expect(thumbs).toHaveCount(2);
  await site.reload();
  await expect(thumbs).toHaveCount(2, { timeout: 15_000 });
  await site.getByRole('button', { name: 'Bands', exact: true }).click();
  const viewer = site.getByRole('dialog', { name: 'Bands' });
  await expect(viewer.getByRole('link', { name: new RegExp(`${ext.servers.site.replace(/[.:/]/g, '\\$&')}/bands\\.html`) })).toBeVisible();
  await expect.poll(() => viewer.getByRole('img').first().evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1280);
  await site.close();
  await Promise.all([bandsEditor.close(), appEditor.close()]);
  await bands.close();
  await app.close();
});
