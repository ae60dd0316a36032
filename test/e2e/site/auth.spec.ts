import type { BrowserContext, Page } from '@playwright/test';
import { confirmedUser, demoAccount, expect as baseExpect, test } from './fixtures';

/**
 * Sign-in, sign-out, /connect and /_test in a real browser, with a stand-in extension: a frame
 * page served at a fake extension origin that speaks the bridge protocol
 * (shared/extension/bridge-protocol.ts) and records what the site sends it.
 */

// The dev server compiles modules on first use; give a cold page some slack.
const expect = baseExpect.configure({ timeout: 10_000 });

const PASSWORD = 'Password123';
const FRAME_ORIGIN = 'http://fps-test-extension.localhost';
/** Not installed: its frame never answers, so the bridge moves on to the next origin. */
const MISSING_EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

const FRAME_HTML = `<!doctype html><meta charset="utf-8"><title>test extension frame</title><script>
  window.received = [];
  addEventListener('message', (e) => {
    const m = e.data;
    if (!m || m.source !== 'fps-site') return;
    window.received.push(m);
    if (m.type === 'handshake') e.source.postMessage({ source: 'fps-extension', type: 'handshake-ok', id: m.id, version: '9.9.9' }, e.origin);
    if (m.type === 'login') e.source.postMessage({ source: 'fps-extension', type: 'login-success', id: m.id, status: (m.payload && m.payload.status) || '' }, e.origin);
  });
</script>`;

interface BridgeMessage { type: string; payload?: Record<string, unknown> }

/** Runtime config listing the missing extension then the test frame; the frame page served at its origin. */
async function withTestExtension(context: BrowserContext) {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), extensionOrigins: [MISSING_EXTENSION, FRAME_ORIGIN] } });
  });
  await context.route(`${FRAME_ORIGIN}/frame.html`, (route) => route.fulfill({ contentType: 'text/html', body: FRAME_HTML }));
  // Record the site's re-broadcast login-success events.
  await context.addInitScript(() => {
    const w = window as unknown as { loginEvents: unknown[] };
    w.loginEvents = [];
    window.addEventListener('fps:extension-login-success', (e) => w.loginEvents.push((e as CustomEvent).detail));
  });
}

/** What the test frame received so far. */
async function frameMessages(page: Page): Promise<BridgeMessage[]> {
  const frame = page.frames().find((f) => f.url().startsWith(FRAME_ORIGIN));
  if (!frame) return [];
  return frame.evaluate(() => (window as unknown as { received: BridgeMessage[] }).received);
}
const logins = async (page: Page) => (await frameMessages(page)).filter((m) => m.type === 'login').map((m) => m.payload);

async function fillSignIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('sign-in and sign-out', () => {
  test('the sign-in error page shows the description from the query', async ({ page }) => {
    await page.goto('/auth/signin?error=access_denied&error_description=User%20cancelled%20the%20login');
    await expect(page.getByText('Encountered the error: User cancelled the login')).toBeVisible();
    await expect(page.getByText('Please try again…')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('while the sign-in state is slow to arrive, a way home appears after 3 seconds', async ({ page }) => {
    await page.route('**/config.json', async (route) => {
      await new Promise((r) => setTimeout(r, 5000));
      await route.continue().catch(() => {});
    });
    await page.goto('/auth/signin');
    await expect(page.getByRole('status').filter({ hasText: 'Signing you in…' })).toBeAttached();
    const slow = page.getByText('Updating logged-in state. Go to home if this is taking too long.');
    await expect(slow).toBeHidden();
    await expect(slow).toBeVisible({ timeout: 4000 });
    await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  test('the extension hears about every sign-in and sign-out', async ({ page, context, seed }) => {
    await withTestExtension(context);
    const user = demoAccount(seed, 'premium');
    await page.goto('/auth/signin?redirectPath=%2Faccount');
    await fillSignIn(page, user.email);
    await expect(page.getByRole('heading', { name: `Welcome ${user.email}` })).toBeVisible();

    // Handshake (after the missing extension timed out), then the login message with the account.
    await expect.poll(() => logins(page), { timeout: 10_000 }).toContainEqual(
      expect.objectContaining({ userId: user.userId, orgId: '', status: 'trialing', expires: expect.any(Number), sub_created: expect.any(Number) }),
    );
    const handshakes = (await frameMessages(page)).filter((m) => m.type === 'handshake');
    expect(handshakes).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('fps.extension.connected'))).toBe('1');
    // 'trialing' is a live status, so the reply is re-broadcast to the page.
    await expect.poll(() => page.evaluate(() => (window as unknown as { loginEvents: unknown[] }).loginEvents)).toContainEqual({ status: 'trialing' });

    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The empty payload logs the extension out; the account is gone from the site.
    await expect.poll(async () => (await logins(page)).at(-1)).toEqual({});
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
  });

  test('sign-out shows the signed-out site at once, and revokes the grants and the session behind it', async ({ page }) => {
    const email = await confirmedUser('quick-sign-out');
    await page.goto('/auth/signin?redirectPath=%2Faccount');
    await fillSignIn(page, email);
    await expect(page.getByRole('heading', { name: `Welcome ${email}` })).toBeVisible();

    // The grant revocation is held for 5 s: the signed-out site must not wait for it (#31 §5).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const revoked: number[] = [];
    await page.route(
      (url) => url.href.startsWith(`${process.env.FPS_API_URL}/extension/grants`),
      async (route) => {
        if (route.request().method() !== 'DELETE') return route.fallback();
        await Promise.race([held, new Promise((r) => setTimeout(r, 5_000))]);
        const response = await route.fetch();
        revoked.push(response.status());
        await route.fulfill({ response });
      },
    );
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 2_000 });
    // The header's account menu offers Sign in: the site shows nobody signed in.
    await expect(page.getByRole('link', { name: email })).toHaveCount(0, { timeout: 2_000 });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 2_000 });
    expect(revoked).toEqual([]);

    // Behind it: the grants are revoked, then the stored session is cleared.
    release();
    await expect.poll(() => revoked).toEqual([200]);
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider') && /accessToken|refreshToken/.test(k)))).toEqual([]);
  });

  test('the signed-out site shows only once the stored session is gone: a tab closed at once leaves nobody signed in', async ({ page, context }) => {
    const email = await confirmedUser('close-at-sign-out');
    await page.goto('/auth/signin?redirectPath=%2Faccount');
    await fillSignIn(page, email);
    await expect(page.getByRole('heading', { name: `Welcome ${email}` })).toBeVisible();
    // Cognito's token revocation (Amplify's sign-out) held for 2 s: the signed-out site must wait for it.
    await page.route(
      (url) => url.origin !== new URL(page.url()).origin && url.origin !== new URL(process.env.FPS_API_URL!).origin,
      async (route) => {
        if (!/RevokeToken/.test(route.request().headers()['x-amz-target'] ?? '')) return route.fallback();
        await new Promise((r) => setTimeout(r, 2_000));
        await route.fallback();
      },
    );
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const tokens = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider') && /accessToken|refreshToken/.test(k)));
    expect(tokens).toEqual([]);
    // The next person opens the sign-in page in a new tab and gets the form, not the account.
    await page.close();
    const next = await context.newPage();
    await next.goto('/auth/signin');
    await expect(next.getByLabel('Email')).toBeVisible();
  });

  test('a free user logging in is told to the extension without a re-broadcast', async ({ page, context, seed }) => {
    await withTestExtension(context);
    const user = demoAccount(seed, 'free');
    await page.goto('/auth/signin?redirectPath=%2Faccount%3FshowExperimental');
    await fillSignIn(page, user.email);
    await expect(page.getByRole('heading', { name: `Welcome ${user.email}` })).toBeVisible();
    // With the upload grant for the editor's "Save to library" (docs/security.md).
    await expect.poll(() => logins(page), { timeout: 10_000 }).toContainEqual({
      userId: user.userId, orgId: '', expires: 0, status: '', sub_created: 0, show_experimental: true,
      upload_grant: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(Number), apiUrl: process.env.FPS_API_URL },
    });
    // An empty status is not re-broadcast.
    expect(await page.evaluate(() => (window as unknown as { loginEvents: unknown[] }).loginEvents)).toEqual([]);
  });

  test('/connect signs in inside a popup, tells the extension and closes itself', async ({ page, context, seed }) => {
    await withTestExtension(context);
    const user = demoAccount(seed, 'free');
    await page.goto('/');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open('/connect?signin', 'connect', 'width=480,height=720'))]);
    await expect(popup.getByRole('heading', { name: 'Sign in to Full Page Shot' })).toBeVisible({ timeout: 20_000 });
    await expect(popup.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 20_000 });
    const closed = popup.waitForEvent('close', { timeout: 20_000 });
    await fillSignIn(popup, user.email);
    await closed;
  });

  test('/_test stores or removes the extension id override and skips the handshake', async ({ page, context }) => {
    await withTestExtension(context);
    const id = 'ponmlkjihgfedcbaponmlkjihgfedcba';
    await page.goto(`/_test?id=${id}&stay`);
    await expect(page.getByText(`Extension id override set to ${id}.`)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('fps.extension.id'))).toBe(id);
    // The last path segment starts with '_': no extension frame on this page.
    await page.waitForTimeout(700);
    await expect(page.locator('iframe')).toHaveCount(0);

    await page.goto('/_test');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('fps.extension.id'))).toBeNull();
  });
});
