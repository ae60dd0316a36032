import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image } from '#shared/domain/image';
import { CreatedShareLink, ShareLink } from '#shared/domain/share-link';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { callApi, signedInUser, staffUser, urls } from '../../test/integration/helpers';
import { imagesRepo } from '../adapters/images-repo';
import { headObject } from '../adapters/s3-client';
import { sharesRepo } from '../adapters/shares-repo';
import { shareFileKey } from '../images/lib/share-file';
import { hashSecretToken } from '../lib/secret-token';
import { EXPIRED_MESSAGE, GONE_MESSAGE } from './lib/share-page';

/**
 * Share links through the local API (JWT check, middy chain) against dynalite and s3rver: the
 * owner's create/list/revoke, the public page and image, and the kill switches.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
let png: Buffer;
beforeAll(async () => {
  png = await readFile(join(import.meta.dirname, '../../test/fixtures/images/sample-page.png'));
});

async function readyImage(u: User, title = 'Shared page'): Promise<Image> {
  const created = Image.parse((await callApi(routes.createImage, { token: u.accessToken, body: { title, notes: '', contentType: 'image/png' } })).body);
  const up = await fetch(created.uploadUrl!, { method: 'POST', body: imageUploadForm(created.uploadFields!, new Blob([new Uint8Array(png)])) });
  expect(up.status).toBe(204);
  return Image.parse((await callApi(routes.finalizeImage, { token: u.accessToken, params: { id: created.id }, body: {} })).body);
}

const share = async (u: User, id: string, expiry = '7d') => {
  const r = await callApi(routes.createShareLink, { token: u.accessToken, params: { id }, body: { expiry } });
  expect(r.status).toBe(201);
  return CreatedShareLink.parse(r.body);
};
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
/** The public page as a browser gets it, straight from the API (no redirects followed). */
const open = (token: string, suffix = '') => fetch(`${urls().api}/s/${token}${suffix}`, { redirect: 'manual' });
const list = async (u: User, id: string) => {
  const r = await callApi(routes.listShareLinks, { token: u.accessToken, params: { id } });
  expect(r.status).toBe(200);
  return (r.body.shares as unknown[]).map((s) => ShareLink.parse(s));
};

describe('share links (local API, dynalite, s3rver)', () => {
  it('create → open (page, view count, image) → list → revoke → gone', { timeout: 60_000 }, async () => {
    const u = await signedInUser();
    const image = await readyImage(u, 'Quarterly <report> & "notes"');
    const created = await share(u, image.id, '7d');
    expect(created.url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    expect(created.views).toBe(0);
    expect(Date.parse(created.expiresAt!) - Date.now()).toBeGreaterThan(6.9 * 86400_000);
    const token = tokenOf(created.url);

    // Only the hash is stored: the token appears nowhere in the row.
    const row = await sharesRepo.get(hashSecretToken(token));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    // The title is escaped everywhere it appears (heading, og:title, alt).
    expect(html).toContain('<h1>Quarterly &lt;report&gt; &amp; &quot;notes&quot;</h1>');
    expect(html).not.toContain('<report>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    for (const tag of ['og:title', 'og:image', 'og:type']) expect(html).toContain(`property="${tag}"`);
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain('>Download</a>');
    expect(html).not.toContain('<script');

    // The image: a redirect to a short-lived presigned GET with the stored type.
    const img = await open(token, '/image');
    expect(img.status).toBe(302);
    const location = new URL(img.headers.get('location')!);
    expect(location.searchParams.get('response-content-type')).toBe('image/png');
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const file = await fetch(location);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const download = new URL((await open(token, '/image?download=true')).headers.get('location')!);
    expect(download.searchParams.get('response-content-disposition')).toContain('attachment');

    // Nothing on the page or behind its redirects names the owner or the image (#31): only the link's own values.
    for (const text of [html, img.headers.get('location')!, download.toString()]) {
      expect(text).not.toContain(u.userId);
      expect(text).not.toContain(image.id);
      expect(text).not.toContain('users/');
    }
    expect(location.pathname).toMatch(new RegExp(`/shares/${created.id}$`));
    // One view per page open (the image route does not count).
    await open(token);
    const listed = await list(u, image.id);
    expect(listed).toEqual([{ id: created.id, created: created.created, expiresAt: created.expiresAt, views: 2 }]);
    expect(JSON.stringify(listed)).not.toContain(token);

    const revoked = await callApi(routes.revokeShareLink, { token: u.accessToken, params: { id: image.id, shareId: created.id } });
    expect(revoked).toMatchObject({ status: 200, body: { ok: true } });
    const gone = await open(token);
    expect(gone.status).toBe(404);
    expect(await headObject(shareFileKey(created.id))).toBeUndefined(); // the link's copy went with it
    expect(await gone.text()).toContain(GONE_MESSAGE);
    expect((await open(token, '/image')).status).toBe(404);
    expect(await list(u, image.id)).toEqual([]);
    // Revoking again: the link no longer exists.
    expect((await callApi(routes.revokeShareLink, { token: u.accessToken, params: { id: image.id, shareId: created.id } })).status).toBe(404);
  });

  it('answers HEAD as GET without the body and without counting a view (link previews)', async () => {
    const u = await signedInUser();
    const image = await readyImage(u);
    const token = tokenOf((await share(u, image.id)).url);
    const head = await fetch(`${urls().api}/s/${token}`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(head.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(head.headers.get('x-robots-tag')).toContain('noindex');
    expect(await head.text()).toBe('');
    const image302 = await fetch(`${urls().api}/s/${token}/image`, { method: 'HEAD', redirect: 'manual' });
    expect(image302.status).toBe(302);
    expect(image302.headers.get('location')).toBeTruthy();
    expect((await list(u, image.id))[0]!.views).toBe(0);
    // A gone link answers HEAD with its status too.
    expect((await fetch(`${urls().api}/s/${'A'.repeat(43)}`, { method: 'HEAD' })).status).toBe(404);
    await open(token);
    expect((await list(u, image.id))[0]!.views).toBe(1);
  });

  it('"never" has no expiry; an expired link answers 410 and is not listed', async () => {
    const u = await signedInUser();
    const image = await readyImage(u);
    const forever = await share(u, image.id, 'never');
    expect(forever.expiresAt).toBeNull();
    const day = await share(u, image.id, '1d');
    const token = tokenOf(day.url);
    // As if a day had passed (dynalite has no TTL, so the row stays and the code decides).
    const row = (await sharesRepo.get(hashSecretToken(token)))!;
    await sharesRepo.remove(row.tokenHash);
    await sharesRepo.create({ ...row, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const r = await open(token);
    expect(r.status).toBe(410);
    expect(await r.text()).toContain(EXPIRED_MESSAGE);
    expect((await list(u, image.id)).map((s) => s.id)).toEqual([forever.id]);
    expect((await open(tokenOf(forever.url))).status).toBe(200);
  });

  it("refuses another user's image and link like missing ones (404), and a pending image (409)", async () => {
    const [owner, other] = await Promise.all([signedInUser(), signedInUser()]);
    const image = await readyImage(owner);
    const link = await share(owner, image.id);
    const as = { token: other.accessToken };
    expect((await callApi(routes.createShareLink, { ...as, params: { id: image.id }, body: { expiry: '1d' } })).status).toBe(404);
    expect((await callApi(routes.listShareLinks, { ...as, params: { id: image.id } })).status).toBe(404);
    expect((await callApi(routes.revokeShareLink, { ...as, params: { id: image.id, shareId: link.id } })).status).toBe(404);
    // Their own image with the owner's share id finds nothing either.
    const theirs = await readyImage(other);
    expect((await callApi(routes.revokeShareLink, { ...as, params: { id: theirs.id, shareId: link.id } })).status).toBe(404);
    expect((await open(tokenOf(link.url))).status).toBe(200);

    const pending = Image.parse((await callApi(routes.createImage, { token: owner.accessToken, body: { title: 'p', notes: '' } })).body);
    expect((await callApi(routes.createShareLink, { token: owner.accessToken, params: { id: pending.id }, body: { expiry: '1d' } })).status).toBe(409);
    expect((await callApi(routes.createShareLink, { token: owner.accessToken, params: { id: image.id }, body: { expiry: '2d' } })).status).toBe(400);
  });

  it('a link made before file copies gets its own copy at its first open', async () => {
    const u = await signedInUser();
    const image = await readyImage(u);
    const link = await share(u, image.id);
    const row = (await sharesRepo.get(hashSecretToken(tokenOf(link.url))))!;
    // As such a link was stored: no copy, no key.
    await sharesRepo.remove(row.tokenHash);
    await sharesRepo.create({ ...row, fileKey: undefined });
    await (await import('../adapters/s3-client')).deleteObject(shareFileKey(link.id));
    const location = (await open(tokenOf(link.url), '/image')).headers.get('location')!;
    expect(new URL(location).pathname).toMatch(new RegExp(`/shares/${link.id}$`));
    expect(location).not.toContain(u.userId);
    expect((await fetch(location)).status).toBe(200);
    expect((await sharesRepo.get(row.tokenHash))?.fileKey).toBe(shareFileKey(link.id));
  });

  it('deleting the image kills its links', async () => {
    const u = await signedInUser();
    const image = await readyImage(u);
    const [a, b] = [await share(u, image.id), await share(u, image.id, 'never')];
    expect((await callApi(routes.deleteImage, { token: u.accessToken, params: { id: image.id }, body: { id: image.id } })).status).toBe(200);
    for (const link of [a, b]) {
      expect((await open(tokenOf(link.url))).status).toBe(404);
      expect(await sharesRepo.get(hashSecretToken(tokenOf(link.url)))).toBeUndefined();
      expect(await headObject(shareFileKey(link.id))).toBeUndefined();
    }
  });

  it('staff list a user\'s links and revoke one (audited); deleting the account kills the rest', async () => {
    const [u, staff] = await Promise.all([signedInUser(), staffUser()]);
    const image = await readyImage(u, 'Staff sees this');
    const [a, b] = [await share(u, image.id, '1d'), await share(u, image.id, '30d')];
    const listed = await callApi(routes.adminListUserShares, { token: staff.accessToken, query: { cognitoSub: u.userId } });
    expect(listed.status).toBe(200);
    expect(listed.body.shares).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: a.id, imageId: image.id, imageTitle: 'Staff sees this', views: 0 }),
      expect.objectContaining({ id: b.id, imageTitle: 'Staff sees this' }),
    ]));
    expect(JSON.stringify(listed.body)).not.toContain(tokenOf(a.url));

    const revoked = await callApi(routes.adminRevokeUserShare, { token: staff.accessToken, body: { cognitoSub: u.userId, shareId: a.id } });
    expect(revoked).toMatchObject({ status: 200, body: { type: 'success' } });
    expect((await open(tokenOf(a.url))).status).toBe(404);
    const audit = await callApi(routes.adminListAudit, { token: staff.accessToken });
    expect(audit.body.records).toContainEqual(expect.objectContaining({ action: 'revoke-share', targetUserId: u.userId, actorUserId: staff.userId, result: 'success' }));
    // Unknown link: 404, and recorded as an error.
    expect((await callApi(routes.adminRevokeUserShare, { token: staff.accessToken, body: { cognitoSub: u.userId, shareId: a.id } })).status).toBe(404);

    const deleted = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: u.userId } });
    expect(deleted).toMatchObject({ status: 200, body: { type: 'success' } });
    expect((await open(tokenOf(b.url))).status).toBe(404);
    expect(await sharesRepo.listByOwner(u.userId)).toEqual([]);
    expect(await imagesRepo.get(u.userId, image.id)).toBeUndefined();
  });
});
