import { expect, test } from './fixtures';

/**
 * Unknown addresses answer HTTP 404 with the Page not found page (issue #24); the app's own routes,
 * the nested ones the SPA fallback serves (/checkout/<stage>, /enterprise/account/<section>)
 * included, still answer 200. Here against the built site as the local stack serves it; the dev
 * server in test/e2e/site/dev-server.spec.ts, the build rules and CloudFront in
 * web/src/config/known-paths.test.ts and test/infra/web.test.ts.
 */
test('an unknown address is a 404 with Page not found; app routes are 200', async ({ page, request }) => {
  for (const path of ['/', '/faq', '/account', '/images', '/checkout/success', '/enterprise/account/members', '/auth/signin', '/invites']) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(200);
  }
  for (const path of ['/no-such-page', '/account/nope/deeper', '/faq/x']) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(404);
  }
  // Whatever the Accept header (issue #31 §5: curl's */* got 200), and for HEAD too.
  for (const accept of ['*/*', 'application/json', '']) {
    expect((await request.get('/nope', { headers: { accept } })).status(), `Accept: ${accept}`).toBe(404);
  }
  for (const accept of ['*/*', '']) {
    expect((await request.get('/account', { headers: { accept } })).status(), `/account, Accept: ${accept}`).toBe(200);
  }
  expect((await request.head('/nope', { headers: { accept: '*/*' } })).status()).toBe(404);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Return to home' })).toBeVisible();
});
