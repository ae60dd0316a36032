import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image } from '#shared/domain/image';
import { CreatedShareLink } from '#shared/domain/share-link';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { imagesRepo } from '../../lambdas/adapters/images-repo';
import { putObject } from '../../lambdas/adapters/s3-client';
import { sharesRepo } from '../../lambdas/adapters/shares-repo';
import { imageKeys, newImageId } from '../../lambdas/images/lib/image-keys';
import type { ApiEvent } from '../../lambdas/lib/http';
import { handler as openSharePage } from '../../lambdas/shares/open-share-page';
import { EXPIRED_MESSAGE, GONE_MESSAGE, UNSERVABLE_MESSAGE } from '../../lambdas/shares/lib/share-page';
import { hashSecretToken, newSecretToken } from '../../lambdas/lib/secret-token';
import { callApi, signedInUser, urls } from '../integration/helpers';

/**
 * Attacks on share links (docs/security.md "Share links"): guessing tokens, reusing a revoked or
 * expired link, reaching another user's image, and content-type confusion.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
const fixtures = join(import.meta.dirname, '../fixtures/images');
let png: Buffer;
beforeAll(async () => {
  png = await readFile(join(fixtures, 'sample-page.png'));
});
afterEach(() => vi.restoreAllMocks());

const open = (token: string, suffix = '') => fetch(`${urls().api}/s/${token}${suffix}`, { redirect: 'manual' });
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const randomToken = () => randomBytes(32).toString('base64url');

async function created(u: User, title: string, bytes: Buffer, contentType: string) {
  const c = Image.parse((await callApi(routes.createImage, { token: u.accessToken, body: { title, notes: '', contentType } })).body);
  const up = await fetch(c.uploadUrl!, { method: 'POST', body: imageUploadForm(c.uploadFields!, new Blob([new Uint8Array(bytes)])) });
  expect(up.status).toBe(204);
  return c;
}
async function sharedImage(u: User) {
  const c = await created(u, 'Private capture', png, 'image/png');
  expect((await callApi(routes.finalizeImage, { token: u.accessToken, params: { id: c.id }, body: {} })).status).toBe(200);
  const r = await callApi(routes.createShareLink, { token: u.accessToken, params: { id: c.id }, body: { expiry: '7d' } });
  expect(r.status).toBe(201);
  return { imageId: c.id, link: CreatedShareLink.parse(r.body) };
}

/** The page handler in this process, with the event API Gateway sends for GET /s/{token}. */
async function invokePage(token: string) {
  const rawPath = `/s/${token}`;
  const event = {
    version: '2.0', routeKey: 'GET /s/{token}', rawPath, rawQueryString: '', headers: {}, pathParameters: { token }, isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: rawPath }, requestId: 'share-attack', routeKey: 'GET /s/{token}', stage: '$default' },
  } as unknown as ApiEvent;
  const context = { functionName: 'share-attack', awsRequestId: 'share-attack', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  return openSharePage(event, context);
}

describe('share link attacks', () => {
  it('guessing: random and near-miss tokens all answer the same 404, each after the same one lookup by hash', async () => {
    const u = await signedInUser();
    const { link } = await sharedImage(u);
    const real = tokenOf(link.url);
    // Tokens that share all but the last character with a real one: no prefix can be learnt.
    const nearMisses = [...'ABCDEFGH'].filter((c) => c !== real.at(-1)).map((c) => real.slice(0, -1) + c);
    const guesses = [...Array.from({ length: 24 }, randomToken), ...nearMisses];

    const lookups = vi.spyOn(sharesRepo, 'get');
    for (const token of guesses) {
      const r = await invokePage(token);
      expect(r.statusCode, token).toBe(404);
      expect(r.body).toContain(GONE_MESSAGE);
    }
    // Every guess did the same work: one GetItem, keyed by its own hash (no shortcut on a prefix).
    expect(lookups.mock.calls.map(([hash]) => hash)).toEqual(guesses.map(hashSecretToken));
    expect((await invokePage(real)).statusCode).toBe(200);

    // Over HTTP, malformed tokens are refused before any lookup, the same way for every shape.
    for (const bad of ['short', `${real}x`, real.slice(0, 42) + '!', '%00'.repeat(15)]) expect((await open(bad)).status).toBe(400);
  });

  it('the token is 256 random bits, and only its hash is stored', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newSecretToken().token));
    expect(tokens.size).toBe(1000);
    for (const t of [...tokens].slice(0, 20)) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    const { token, hash } = newSecretToken();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });

  it('reuse after revoke: the link, its image route and a re-created revoke all stay dead', async () => {
    const u = await signedInUser();
    const { imageId, link } = await sharedImage(u);
    const token = tokenOf(link.url);
    expect((await open(token)).status).toBe(200);
    expect((await callApi(routes.revokeShareLink, { token: u.accessToken, params: { id: imageId, shareId: link.id } })).status).toBe(200);
    for (const suffix of ['', '/image', '/image?download=true']) {
      const r = await open(token, suffix);
      expect(r.status, suffix).toBe(404);
      expect(r.headers.get('location')).toBeNull();
    }
    // A view counted after the revoke must not bring the row back (the ADD is conditional).
    expect(await sharesRepo.countView(hashSecretToken(token))).toBe(false);
    expect(await sharesRepo.get(hashSecretToken(token))).toBeUndefined();
    // A new link for the same image gets a new token; the old one stays dead.
    const again = CreatedShareLink.parse((await callApi(routes.createShareLink, { token: u.accessToken, params: { id: imageId }, body: { expiry: '1d' } })).body);
    expect(tokenOf(again.url)).not.toBe(token);
    expect((await open(token)).status).toBe(404);
  });

  it('an expired link is gone (410), page and image alike, whatever its view count', async () => {
    const u = await signedInUser();
    const { link } = await sharedImage(u);
    const token = tokenOf(link.url);
    const row = (await sharesRepo.get(hashSecretToken(token)))!;
    await sharesRepo.remove(row.tokenHash);
    await sharesRepo.create({ ...row, expiresAt: Math.floor(Date.now() / 1000) - 1, views: 5 });
    const r = await open(token);
    expect(r.status).toBe(410);
    expect(await r.text()).toContain(EXPIRED_MESSAGE);
    expect((await open(token, '/image')).status).toBe(410);
    expect((await sharesRepo.get(row.tokenHash))!.views).toBe(5);
  });

  it("another user's image: create, list and revoke all answer the 404 of a missing image", async () => {
    const [owner, attacker] = await Promise.all([signedInUser(), signedInUser()]);
    const { imageId, link } = await sharedImage(owner);
    const as = { token: attacker.accessToken };
    const missing = await callApi(routes.listShareLinks, { ...as, params: { id: newImageId() } });
    for (const r of [
      await callApi(routes.createShareLink, { ...as, params: { id: imageId }, body: { expiry: 'never' } }),
      await callApi(routes.listShareLinks, { ...as, params: { id: imageId } }),
      await callApi(routes.revokeShareLink, { ...as, params: { id: imageId, shareId: link.id } }),
    ]) expect(r).toEqual(missing);
    expect(missing.status).toBe(404);
    expect(await sharesRepo.listByOwner(attacker.userId)).toEqual([]);
    expect((await open(tokenOf(link.url))).status).toBe(200);
  });

  it('content-type confusion: SVG and HTML uploads are refused at finalise, so they can never be shared', async () => {
    const u = await signedInUser();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    for (const [bytes, type] of [[svg, 'image/svg+xml'], [html, 'image/png'], [html, 'text/html']] as const) {
      const declared = type === 'text/html' ? 'image/png' : type; // the create call only takes image types
      const c = await created(u, 'evil', bytes, declared);
      const f = await callApi(routes.finalizeImage, { token: u.accessToken, params: { id: c.id }, body: {} });
      expect(f.status, type).toBe(415);
      expect((await callApi(routes.createShareLink, { token: u.accessToken, params: { id: c.id }, body: { expiry: '1d' } })).status).toBe(404);
    }
  });

  it('content-type confusion: a stored row claiming text/html or image/svg+xml is never served, as page or image', async () => {
    const u = await signedInUser();
    for (const contentType of ['text/html', 'image/svg+xml', 'application/octet-stream']) {
      // A row finalise would never write (as if the table were tampered with), with active content behind it.
      const imageId = newImageId();
      const keys = imageKeys(u.userId, imageId);
      await putObject(keys.original, Buffer.from('<script>alert(1)</script>'), contentType);
      const now = new Date().toISOString();
      await imagesRepo.put({
        userId: u.userId, imageId, title: 'tampered', notes: '', urlLink: null, objectKey: keys.original, thumbKey: keys.thumb,
        status: 'ready', contentType, size: 25, width: 10, height: 10, created: now, updated: now,
      });
      // The owner cannot make a link to it…
      expect((await callApi(routes.createShareLink, { token: u.accessToken, params: { id: imageId }, body: { expiry: '1d' } })).status).toBe(409);
      // …and a link that exists anyway (written straight to the table) serves nothing.
      const { token, hash } = newSecretToken();
      await sharesRepo.create({ tokenHash: hash, shareId: `t${imageId}`, userId: u.userId, imageId, ownerKey: `${imageId}#t`, created: now, views: 0 });
      const page = await open(token);
      expect(page.status, contentType).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const text = await page.text();
      expect(text).toContain(UNSERVABLE_MESSAGE);
      expect(text).not.toContain('X-Amz-Signature');
      const img = await open(token, '/image');
      expect(img.status).toBe(404);
      expect(img.headers.get('location')).toBeNull();
    }
  });
});
