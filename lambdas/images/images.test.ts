import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image, MAX_IMAGE_BYTES, PENDING_IMAGE_LIFETIME_SECONDS } from '#shared/domain/image';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { callApi, signedInUser, urls } from '../../test/integration/helpers';
import { imagesRepo, type ImageRow } from '../adapters/images-repo';
import { headObject, putObject } from '../adapters/s3-client';
import { imageKeys, newImageId } from './lib/image-keys';

/**
 * The image library's five routes through the local API (JWT check, middy chain) against
 * dynalite and s3rver, with real uploads to the presigned URLs.
 */

const fixtures = join(import.meta.dirname, '../../test/fixtures/images');
let png: Buffer;
beforeAll(async () => {
  png = await readFile(join(fixtures, 'sample-page.png'));
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const create = (u: User, body: Record<string, unknown> = { title: 'A page', notes: 'Some notes' }) =>
  callApi(routes.createImage, { token: u.accessToken, body });
const finalize = (u: User, id: string) => callApi(routes.finalizeImage, { token: u.accessToken, params: { id }, body: {} });
const list = async (u: User, query: Record<string, string> = {}) => {
  const r = await callApi(routes.listImages, { token: u.accessToken, query });
  expect(r.status).toBe(200);
  return (r.body as unknown as unknown[]).map((i) => Image.parse(i));
};
/** The browser's upload: the presigned POST's fields and the file, as multipart/form-data. */
const upload = (image: Image, bytes: Buffer, fields: Record<string, string> = image.uploadFields!) =>
  fetch(image.uploadUrl!, { method: 'POST', body: imageUploadForm(fields, new Blob([new Uint8Array(bytes)])) });

/** Nothing of the image remains: no row, no upload, original or thumbnail object. */
async function expectGone(u: User, id: string) {
  expect(await imagesRepo.get(u.userId, id)).toBeUndefined();
  const keys = imageKeys(u.userId, id);
  for (const key of [keys.upload, keys.original, keys.thumb]) expect(await headObject(key)).toBeUndefined();
}

/** Creates, uploads and finalises an image; returns the finalised image. */
async function uploaded(u: User, body: Record<string, unknown> = { title: 'A page', notes: 'Some notes' }) {
  const created = Image.parse((await create(u, { contentType: 'image/png', ...body })).body);
  expect((await upload(created, png)).status).toBe(204);
  const r = await finalize(u, created.id);
  expect(r.status).toBe(200);
  return Image.parse(r.body);
}

describe('image library routes (local API, dynalite, s3rver)', () => {
  it('create → upload → finalise → list → update → delete', async () => {
    const u = await signedInUser();

    const c = await create(u, { title: 'Example page', notes: 'First capture', urlLink: 'https://example.com/a/page', contentType: 'image/png' });
    expect(c.status).toBe(201);
    const created = Image.parse(c.body);
    expect(created).toMatchObject({ title: 'Example page', notes: 'First capture', urlLink: 'https://example.com/a/page', urlFull: null, urlThumb: null });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]+$/);
    // One key under the caller's upload prefix, of the declared type, at most 25 MB, short-lived.
    const fields = created.uploadFields!;
    expect(fields.key).toBe(`uploads/${u.userId}/${created.id}`);
    expect(fields['Content-Type']).toBe('image/png');
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString());
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_IMAGE_BYTES]);
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(300_000);
    // Not listed until finalised.
    expect(await list(u)).toEqual([]);

    expect((await upload(created, png)).status).toBe(204);
    const f = await finalize(u, created.id);
    expect(f.status).toBe(200);
    const image = Image.parse(f.body);
    expect(image).toMatchObject({ id: created.id, title: 'Example page', size: png.length, contentType: 'image/png', width: 800, height: 1600 });
    expect(image.uploadUrl).toBeUndefined();

    // The download link saves the same bytes under the title, and the site's origin may read the file.
    const saved = await fetch(image.urlDownload!);
    expect(saved.headers.get('content-disposition')).toBe(`attachment; filename="Example page.png"; filename*=UTF-8''Example%20page.png`);
    expect(Buffer.from(await saved.arrayBuffer()).equals(png)).toBe(true);
    const cors = await fetch(image.urlFull!, { headers: { origin: urls().web } });
    expect(cors.headers.get('access-control-allow-origin')).toBe(urls().web);

    const full = await fetch(image.urlFull!);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await full.arrayBuffer()).equals(png)).toBe(true);

    const thumbRes = await fetch(image.urlThumb!);
    expect(thumbRes.status).toBe(200);
    expect(thumbRes.headers.get('content-type')).toBe('image/webp');
    const thumb = Buffer.from(await thumbRes.arrayBuffer());
    expect(thumb.length).toBeLessThan(png.length / 4);
    const meta = await sharp(thumb).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 640 });
    // The unchecked upload object is gone; the stored file is the checked copy.
    expect(await headObject(imageKeys(u.userId, created.id).upload)).toBeUndefined();

    // Finalising again changes nothing.
    const again = await finalize(u, created.id);
    expect(again.status).toBe(200);
    expect(Image.parse(again.body)).toMatchObject({ id: created.id, size: png.length, updated: image.updated });

    const listed = await list(u);
    expect(listed.map((i) => i.id)).toEqual([created.id]);
    expect(listed[0]).toMatchObject({ title: 'Example page', urlLink: 'https://example.com/a/page', created: image.created });
    expect(listed[0].urlFull).toBeTruthy();

    const up = await callApi(routes.updateImage, {
      token: u.accessToken, params: { id: created.id }, body: { id: created.id, title: 'Renamed', notes: 'Edited notes' },
    });
    expect(up.status).toBe(200);
    const updated = Image.parse(up.body);
    expect(updated).toMatchObject({ id: created.id, title: 'Renamed', notes: 'Edited notes', created: image.created, size: png.length });
    expect(Date.parse(updated.updated)).toBeGreaterThanOrEqual(Date.parse(image.updated));
    expect((await list(u))[0]).toMatchObject({ title: 'Renamed', notes: 'Edited notes' });

    // Notes are optional on edit as on upload: a rename may leave them empty.
    const renamed = await callApi(routes.updateImage, { token: u.accessToken, params: { id: created.id }, body: { id: created.id, title: 'No notes', notes: '' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'No notes', notes: '' });

    const del = await callApi(routes.deleteImage, { token: u.accessToken, params: { id: created.id }, body: { id: created.id } });
    expect(del).toEqual({ status: 200, body: { ok: true } });
    expect(await list(u)).toEqual([]);
    await expectGone(u, created.id);
    expect((await fetch(image.urlFull!)).status).toBe(404);
    expect((await finalize(u, created.id)).status).toBe(404);
  });

  it("accepts the spec's client: no contentType, the file sent with a JSON content type", async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u, { title: 'Legacy', notes: '' })).body);
    expect(created.uploadFields!['Content-Type']).toBe('application/json');
    expect((await upload(created, png)).status).toBe(204);
    const image = Image.parse((await finalize(u, created.id)).body);
    expect(image.contentType).toBe('image/png');
    expect((await fetch(image.urlFull!)).headers.get('content-type')).toBe('image/png');
  });

  it("answers 404 for another user's image on every route and never shows their data", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const image = await uploaded(owner, { title: 'Private', notes: 'Owner only', urlLink: 'https://secret.example/x' });
    const pending = Image.parse((await create(owner, { title: 'Pending', notes: '' })).body);

    for (const id of [image.id, pending.id]) {
      const params = { id };
      const answers = [
        await callApi(routes.finalizeImage, { token: other.accessToken, params, body: {} }),
        await callApi(routes.updateImage, { token: other.accessToken, params, body: { id, title: 'Stolen', notes: 'x' } }),
        await callApi(routes.deleteImage, { token: other.accessToken, params, body: { id } }),
      ];
      for (const r of answers) expect(r).toEqual({ status: 404, body: { code: 'not_found', message: 'Image not found.' } });
    }
    expect(await list(other)).toEqual([]);
    // The owner's image is untouched.
    const mine = await list(owner);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: image.id, title: 'Private', notes: 'Owner only' });
    expect(await imagesRepo.get(owner.userId, pending.id)).toBeDefined();
  });

  it('refuses a non-image upload and leaves nothing behind', async () => {
    const u = await signedInUser();
    const text = await readFile(join(fixtures, 'not-an-image.txt'));
    const created = Image.parse((await create(u, { title: 'Fake', notes: '', contentType: 'image/png' })).body);
    expect((await upload(created, text)).status).toBe(204);
    const r = await finalize(u, created.id);
    expect(r).toEqual({ status: 415, body: { code: 'unsupported_media_type', message: expect.stringContaining('not an image') } });
    await expectGone(u, created.id);
    expect(await list(u)).toEqual([]);
  });

  it('refuses an SVG (script-capable, not a raster image) the same way', async () => {
    const u = await signedInUser();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const created = Image.parse((await create(u, { title: 'Vector', notes: '', contentType: 'image/svg+xml' })).body);
    expect((await upload(created, svg)).status).toBe(204);
    expect((await finalize(u, created.id)).status).toBe(415);
    await expectGone(u, created.id);
  });

  it('the bucket refuses a file over 25 MB, as S3 does for the policy (the local S3 enforces it)', async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u, { title: 'Huge', notes: '', contentType: 'image/png' })).body);
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    const r = await upload(created, big);
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await headObject(imageKeys(u.userId, created.id).upload)).toBeUndefined();
    // Nothing to finalise; exactly 25 MB is still taken.
    expect((await finalize(u, created.id)).status).toBe(409);
    const exact = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    expect((await upload(created, exact)).status).toBe(204);
  });

  it('the bucket holds uploads to the signed policy: type, key, signature, expiry, extra fields', async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u, { title: 'Typed', notes: '', contentType: 'image/png' })).body);
    const f = created.uploadFields!;
    const refused = async (fields: Record<string, string>, code: string) => {
      const r = await upload(created, png, fields);
      expect(r.status, code).toBe(code === 'EntityTooLarge' ? 400 : 403);
      expect(await r.text()).toContain(`<Code>${code}</Code>`);
    };
    await refused({ ...f, 'Content-Type': 'text/html' }, 'AccessDenied');
    await refused({ ...f, key: `uploads/${u.userId}/other` }, 'AccessDenied');
    await refused({ ...f, key: 'users/someone-else/images/x/original' }, 'AccessDenied');
    await refused({ ...f, acl: 'public-read' }, 'AccessDenied');
    // A policy rewritten without the size limit is no longer the signed one.
    const policy = JSON.parse(Buffer.from(f.Policy, 'base64').toString());
    const loose = { ...policy, conditions: policy.conditions.filter((c: unknown) => !Array.isArray(c) || c[0] !== 'content-length-range') };
    await refused({ ...f, Policy: Buffer.from(JSON.stringify(loose)).toString('base64') }, 'SignatureDoesNotMatch');
    expect(await headObject(imageKeys(u.userId, created.id).upload)).toBeUndefined();
  });

  it('refuses a file over the size limit at finalise too (an object put past the policy) and removes it', async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u, { title: 'Huge', notes: '', contentType: 'image/png' })).body);
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    await putObject(imageKeys(u.userId, created.id).upload, big, 'image/png');
    const r = await finalize(u, created.id);
    expect(r).toEqual({ status: 413, body: { code: 'payload_too_large', message: 'The image is larger than 25 MB.' } });
    await expectGone(u, created.id);
  });

  it('sweeps abandoned uploads: pending rows expire, are never listed or finalised, and lose their files', async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u, { title: 'Abandoned', notes: '', contentType: 'image/png' })).body);
    const row = (await imagesRepo.get(u.userId, created.id))!;
    const nowSeconds = Date.now() / 1000;
    expect(row.expiresAt! - nowSeconds).toBeGreaterThan(PENDING_IMAGE_LIFETIME_SECONDS - 60);
    expect(row.expiresAt! - nowSeconds).toBeLessThanOrEqual(PENDING_IMAGE_LIFETIME_SECONDS);
    expect((await upload(created, png)).status).toBe(204);
    // A day later (dynalite has no TTL, so the row is still there): as good as gone.
    await imagesRepo.put({ ...row, expiresAt: Math.floor(nowSeconds) - 1 });
    // A stale row that looks ready but kept its expiry is not shown either.
    const stale = newImageId();
    await imagesRepo.put({ ...row, imageId: stale, status: 'ready', expiresAt: Math.floor(nowSeconds) - 1 });
    expect(await list(u)).toEqual([]);
    expect((await finalize(u, created.id)).status).toBe(404);
    await expectGone(u, created.id);

    // A finalised image loses its expiry, so TTL never deletes it.
    const kept = await uploaded(u);
    expect((await imagesRepo.get(u.userId, kept.id))!.expiresAt).toBeUndefined();
    expect((await list(u)).map((i) => i.id)).toEqual([kept.id]);
  });

  it('answers 409 when finalising before the file is uploaded', async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u)).body);
    const r = await finalize(u, created.id);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('conflict');
    expect(await imagesRepo.get(u.userId, created.id)).toMatchObject({ status: 'pending' });
  });

  it('pages through hundreds of images newest first, leaving out pending uploads', async () => {
    const u = await signedInUser();
    const start = Date.UTC(2024, 0, 1);
    const rows: ImageRow[] = Array.from({ length: 250 }, (_, i) => {
      const imageId = newImageId(start + i * 60_000);
      const keys = imageKeys(u.userId, imageId);
      const at = new Date(start + i * 60_000).toISOString();
      return {
        userId: u.userId, imageId, title: `Image ${i}`, notes: '', urlLink: null, objectKey: keys.original, thumbKey: keys.thumb,
        status: i % 10 === 9 ? 'pending' : 'ready', contentType: 'image/png', size: 1, width: 1, height: 1, created: at, updated: at,
      };
    });
    for (let i = 0; i < rows.length; i += 25) await Promise.all(rows.slice(i, i + 25).map((r) => imagesRepo.put(r)));
    const ready = rows.filter((r) => r.status === 'ready').reverse().map((r) => r.imageId);

    const all = await list(u);
    expect(all.map((i) => i.id)).toEqual(ready);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await list(u, { limit: '100', ...(cursor ? { cursor } : {}) });
      seen.push(...page.map((i) => i.id));
      if (page.length < 100) break;
      cursor = page[page.length - 1].id;
    }
    expect(seen).toEqual(ready);
  });

  it('answers bad input with 4xx {code, message}', async () => {
    const u = await signedInUser();
    const image = await uploaded(u);
    const id = image.id;
    const bad = [
      await create(u, { notes: 'no title' }),
      await create(u, { title: '   ', notes: '' }),
      await create(u, { title: 'x'.repeat(201), notes: '' }),
      await create(u, { title: 'Link', notes: '', urlLink: 'javascript:alert(1)' }),
      await create(u, { title: 'Type', notes: '', contentType: 'text/html' }),
      await create(u, { title: 'Extra', notes: '', owner: 'someone-else' }),
      await callApi(routes.createImage, { token: u.accessToken, rawBody: '{"title":' }),
      await callApi(routes.updateImage, { token: u.accessToken, params: { id }, body: { id: newImageId(), title: 'T', notes: 'N' } }),
      await callApi(routes.updateImage, { token: u.accessToken, params: { id }, body: { id, title: '', notes: 'N' } }),
      await callApi(routes.deleteImage, { token: u.accessToken, params: { id }, body: {} }),
      await callApi(routes.deleteImage, { token: u.accessToken, params: { id: 'bad.id' }, body: { id: 'bad.id' } }),
      await callApi(routes.finalizeImage, { token: u.accessToken, params: { id }, body: { force: true } }),
      await callApi(routes.listImages, { token: u.accessToken, query: { limit: '0' } }),
      await callApi(routes.listImages, { token: u.accessToken, query: { limit: '5000' } }),
      await callApi(routes.listImages, { token: u.accessToken, query: { cursor: '../x' } }),
      await callApi(routes.listImages, { token: u.accessToken, query: { page: '2' } }),
    ];
    for (const r of bad) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: expect.stringMatching(/^(validation_failed|bad_request|invalid_json)$/), message: expect.any(String) });
    }
    expect((await callApi(routes.listImages)).status).toBe(401);
    expect((await callApi(routes.createImage, { body: { title: 'T', notes: '' } })).status).toBe(401);
    // Nothing changed.
    expect((await list(u)).map((i) => [i.id, i.title])).toEqual([[id, 'A page']]);
  });
});
