import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image, MAX_IMAGE_BYTES } from '#shared/domain/image';
import { callApi, signedInUser } from '../../test/integration/helpers';
import { imagesRepo, type ImageRow } from '../adapters/images-repo';
import { headObject } from '../adapters/s3-client';
import { imageKeys, newImageId } from './image-keys';

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
const upload = (url: string, bytes: Buffer, contentType: string) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });

/** Nothing of the image remains: no row, no upload, original or thumbnail object. */
async function expectGone(u: User, id: string) {
  expect(await imagesRepo.get(u.userId, id)).toBeUndefined();
  const keys = imageKeys(u.userId, id);
  for (const key of [keys.upload, keys.original, keys.thumb]) expect(await headObject(key)).toBeUndefined();
}

/** Creates, uploads and finalises an image; returns the finalised image. */
async function uploaded(u: User, body: Record<string, unknown> = { title: 'A page', notes: 'Some notes' }) {
  const created = Image.parse((await create(u, { contentType: 'image/png', ...body })).body);
  expect((await upload(created.uploadUrl!, png, 'image/png')).status).toBe(200);
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
    // Scoped to the caller's prefix and short-lived.
    const uploadUrl = new URL(created.uploadUrl!);
    expect(decodeURIComponent(uploadUrl.pathname)).toContain(`/users/${u.userId}/images/${created.id}/`);
    expect(Number(uploadUrl.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(uploadUrl.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    // Not listed until finalised.
    expect(await list(u)).toEqual([]);

    expect((await upload(created.uploadUrl!, png, 'image/png')).status).toBe(200);
    const f = await finalize(u, created.id);
    expect(f.status).toBe(200);
    const image = Image.parse(f.body);
    expect(image).toMatchObject({ id: created.id, title: 'Example page', size: png.length, contentType: 'image/png', width: 800, height: 1600 });
    expect(image.uploadUrl).toBeUndefined();

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

    const del = await callApi(routes.deleteImage, { token: u.accessToken, params: { id: created.id }, body: { id: created.id } });
    expect(del).toEqual({ status: 200, body: { ok: true } });
    expect(await list(u)).toEqual([]);
    await expectGone(u, created.id);
    expect((await fetch(image.urlFull!)).status).toBe(404);
    expect((await finalize(u, created.id)).status).toBe(404);
  });

  it("accepts the spec's client: no contentType, the file PUT with a JSON content type", async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u, { title: 'Legacy', notes: '' })).body);
    expect(new URL(created.uploadUrl!).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect((await upload(created.uploadUrl!, png, 'application/json')).status).toBe(200);
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
    expect((await upload(created.uploadUrl!, text, 'image/png')).status).toBe(200);
    const r = await finalize(u, created.id);
    expect(r).toEqual({ status: 415, body: { code: 'unsupported_media_type', message: expect.stringContaining('not an image') } });
    await expectGone(u, created.id);
    expect(await list(u)).toEqual([]);
  });

  it('refuses an SVG (script-capable, not a raster image) the same way', async () => {
    const u = await signedInUser();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const created = Image.parse((await create(u, { title: 'Vector', notes: '', contentType: 'image/svg+xml' })).body);
    expect((await upload(created.uploadUrl!, svg, 'image/svg+xml')).status).toBe(200);
    expect((await finalize(u, created.id)).status).toBe(415);
    await expectGone(u, created.id);
  });

  it('refuses a file over the size limit with 413 and removes it', async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u, { title: 'Huge', notes: '', contentType: 'image/png' })).body);
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    expect((await upload(created.uploadUrl!, big, 'image/png')).status).toBe(200);
    const r = await finalize(u, created.id);
    expect(r).toEqual({ status: 413, body: { code: 'payload_too_large', message: 'The image is larger than 25 MB.' } });
    await expectGone(u, created.id);
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
