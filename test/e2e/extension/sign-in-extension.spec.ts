/**
 * Every way of signing in hands the extension its login and upload grant, and the sign-in page
 * never waits forever (issue 31 §1): signing in from /images used to tell the extension nothing,
 * and the sign-in page once spun for more than 25 s, a reload losing the way back to the capture.
 */
import { confirmedUser, fillSignIn } from '../site/fixtures';
import { expect, expectGrant, signInAndHandOver, signOutOfSite, siteUrl, test } from './site-extension';
import { SHORT_BANDS_PAGE } from './pages';

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

test('signing in from /images hands the extension a grant, and the editor then saves', async ({ ext }) => {
  await signOutOfSite(ext);
  const email = await confirmedUser('images-signin');
  const site = await ext.context.newPage();
  await site.goto(`${siteUrl()}/images`);
  await site.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(site.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 30_000 });
  // A slow account lookup (as on a loaded server): the sign-in page used to leave before it answered.
  await site.route(`${process.env.FPS_API_URL}/account`, (route) => void setTimeout(() => void route.continue(), 1500));
  await fillSignIn(site, email);
  await site.waitForURL(/\/images$/, { timeout: 30_000 });
  await expectGrant(ext);

  const page = await ext.open(SHORT_BANDS_PAGE);
  const editor = await ext.capture(page);
  await editor.getByRole('button', { name: 'Save to library' }).click();
  await expect(editor.locator('#save-done')).toContainText('Saved', { timeout: 30_000 });
  await editor.close();
  await page.close();
  await site.close();
});

test('a sign-in that never finishes gives up, says so, and keeps "Return to extension" through a reload', async ({ ownExt: ext }) => {
  await signOutOfSite(ext);
  const email = await confirmedUser('stalled-signin');
  const page = await ext.open(SHORT_BANDS_PAGE);
  const editor = await ext.capture(page);
  const editorUrl = editor.url();
  const captureId = new URL(editorUrl).searchParams.get('id')!;

  // Signed in on the site, in another tab.
  const site = await ext.context.newPage();
  await site.goto(`${siteUrl()}/auth/signin`);
  await signInAndHandOver(ext, site, email);
  await site.close();

  // Cognito stops answering (fault injection): the editor's visit to sign-in cannot learn who is signed in.
  await editor.route('**/*', (route) => {
    if ((route.request().headers()['x-amz-target'] ?? '').startsWith('AWSCognitoIdentityProviderService.')) return; // held, never answered
    return route.continue();
  });
  // Playwright's clock (it keeps running; installed per context, hence ownExt) skips the 20 s the
  // site waits before giving up (SIGN_IN_GIVE_UP_MS, web/src/features/auth/components/sign-in-progress.tsx),
  // 5 s at a time: the site's timer starts once the progress view has mounted, not at a set moment.
  await ext.context.clock.install();
  await editor.goto(`${siteUrl()}/auth/signin?${new URLSearchParams({ next: editorUrl })}`);
  await expect(editor.getByRole('link', { name: 'Return to extension' })).toBeVisible({ timeout: 30_000 });
  const gaveUp = editor.getByRole('alert').filter({ hasText: 'Signing in is taking too long.' });
  for (let skipped = 0; skipped < 30 && !(await gaveUp.isVisible()); skipped += 5) {
    await ext.context.clock.fastForward('00:05');
    await gaveUp.waitFor({ timeout: 500 }).catch(() => {});
  }
  await expect(gaveUp).toBeVisible({ timeout: 30_000 });
  await expect(gaveUp).toContainText('The sign-in service did not answer.');
  await expect(gaveUp.getByRole('link', { name: 'Try again' })).toBeVisible();

  await editor.reload();
  await expect(editor.getByRole('link', { name: 'Return to extension' })).toBeVisible({ timeout: 30_000 });
  await editor.getByRole('link', { name: 'Return to extension' }).click();
  await editor.waitForURL((u) => u.protocol === 'chrome-extension:' && u.searchParams.get('id') === captureId);
  await editor.waitForFunction(() => document.body.dataset.state === 'ready');
  await editor.close();
  await page.close();
});
