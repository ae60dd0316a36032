import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image } from '#shared/domain/image';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { THUMBNAIL } from '#shared/rules/image-thumbnail';
import { callApi, signedInUser } from '../../test/integration/helpers';
import { imagesRepo } from '../adapters/images-repo';
import { getObjectBytes, headObject } from '../adapters/s3-client';
import { imageKeys } from './lib/image-keys';

/**
 * The extension's thumbnail beside its capture (issue #35 §2), through the local API against
 * dynalite and s3rver: kept when it is what THUMBNAIL's rule gives and then the capture is not
 * decoded; ignored (the server makes its own) when it is not; uploads from the site unchanged.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
const fixtures = join(import.meta.dirname, '../../test/fixtures/images');
let png: Buffer; // 800 × 1600: its thumbnail is 480 × 640
let damaged: Buffer; // the same header, its pixel data overwritten: only decoding it fails
let thumb: Buffer;
beforeAll(async () => {
  png = await readFile(join(fixtures, 'sample-page.png'));
  damaged = Buffer.from(png).fill(0xab, png.length >> 1, (png.length >> 1) + 2000);
  thumb = await webp(480, 640);
});

/** A WebP of the given size, unlike anything sharp would make of the fixture (so its bytes tell whose it is). */
const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0ffee' } }).webp({ quality: 50 }).toBuffer();

/** Two frames of a still WebP, as an animated WebP (VP8X, ANIM, ANMF chunks): sharp writes no animation from scratch. */
function animated(still: Buffer): Buffer {
  const chunk = (tag: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(tag, 'latin1');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
  };
  const u24 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, n >> 16]);
  const frame = chunk('ANMF', Buffer.concat([u24(0), u24(0), u24(479), u24(639), u24(100), Buffer.from([0]), still.subarray(12)]));
  const body = Buffer.concat([
    Buffer.from('WEBP'), chunk('VP8X', Buffer.concat([Buffer.from([0x02, 0, 0, 0]), u24(479), u24(639)])),
    chunk('ANIM', Buffer.from([255, 255, 255, 255, 0, 0])), frame, frame,
  ]);
  return Buffer.concat([chunk('RIFF', body).subarray(0, 8), body]);
}

async function grantOf(u: User): Promise<string> {
  const r = await callApi(routes.createUploadGrant, { token: u.accessToken, body: {} });
  expect(r.status).toBe(201);
  return (r.body as { token: string }).token;
}
const withGrant = (token: string) => ({ headers: { [UPLOAD_GRANT_HEADER]: token } });
const post = (url: string, fields: Record<string, string>, bytes: Buffer) =>
  fetch(url, { method: 'POST', body: imageUploadForm(fields, new Blob([new Uint8Array(bytes)])) });

/** The editor's save: create (asking for a thumbnail form), both uploads, finalise. */
async function saveWithThumbnail(token: string, original: Buffer, thumbnail: Buffer | null) {
  const c = await callApi(routes.grantCreateImage, { ...withGrant(token), body: { title: 'Capture', notes: '', contentType: 'image/png', thumbnail: true } });
  expect(c.status).toBe(201);
  const created = Image.parse(c.body);
  expect(created.thumbUploadFields).toBeDefined();
  expect((await post(created.uploadUrl!, created.uploadFields!, original)).status).toBe(204);
  if (thumbnail) expect((await post(created.uploadUrl!, created.thumbUploadFields!, thumbnail)).status).toBe(204);
  const f = await callApi(routes.grantFinalizeImage, { ...withGrant(token), params: { id: created.id }, body: {} });
  return { created, status: f.status, body: f.body as Record<string, unknown> };
}

const storedThumb = (u: User, id: string) => getObjectBytes(imageKeys(u.userId, id).thumb);

describe('a thumbnail uploaded by the extension (local API, dynalite, s3rver)', () => {
  it('gives a second form on request: its own key beside the upload, WebP only, at most THUMBNAIL.maxBytes', async () => {
    const u = await signedInUser();
    const token = await grantOf(u);
    const c = await callApi(routes.grantCreateImage, { ...withGrant(token), body: { title: 'Capture', notes: '', contentType: 'image/png', thumbnail: true } });
    expect(c.status).toBe(201);
    const created = Image.parse(c.body);
    const fields = created.thumbUploadFields!;
    expect(fields.key).toBe(`uploads/${u.userId}/${created.id}.thumb`);
    expect(fields['Content-Type']).toBe('image/webp');
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString());
    expect(policy.conditions).toContainEqual(['content-length-range', 1, THUMBNAIL.maxBytes]);
    // S3 itself refuses a larger file.
    const tooBig = await post(created.uploadUrl!, fields, Buffer.alloc(THUMBNAIL.maxBytes + 1, 1));
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('EntityTooLarge');
    // Without the request, no second form.
    const plain = await callApi(routes.grantCreateImage, { ...withGrant(token), body: { title: 'Capture', notes: '' } });
    expect(Image.parse(plain.body).thumbUploadFields).toBeUndefined();
  });

  it('keeps the client\'s thumbnail as it is, and finalises without decoding the capture', async () => {
    const u = await signedInUser();
    const token = await grantOf(u);
    const { created, status, body } = await saveWithThumbnail(token, png, thumb);
    expect(status).toBe(200);
    expect(Image.parse(body)).toMatchObject({ contentType: 'image/png', size: png.length, width: 800, height: 1600 });
    expect((await storedThumb(u, created.id)).equals(thumb)).toBe(true);
    const keys = imageKeys(u.userId, created.id);
    expect((await getObjectBytes(keys.original)).equals(png)).toBe(true);
    expect(await headObject(keys.original)).toMatchObject({ contentType: 'image/png' });
    expect(await headObject(keys.thumb)).toMatchObject({ contentType: 'image/webp' });
    // Both uploads are gone, and so is the row's flag.
    expect(await headObject(keys.upload)).toBeUndefined();
    expect(await headObject(keys.thumbUpload)).toBeUndefined();
    expect((await imagesRepo.get(u.userId, created.id))?.clientThumbnail).toBeUndefined();

    // Not decoded: a capture whose header is sound and whose pixels are not passes with a thumbnail ...
    const spared = await saveWithThumbnail(token, damaged, thumb);
    expect(spared.status).toBe(200);
    expect(Image.parse(spared.body)).toMatchObject({ width: 800, height: 1600, size: damaged.length });
    // ... and is refused as damaged without one, when the server must decode it.
    const decoded = await saveWithThumbnail(token, damaged, null);
    expect(decoded.status).toBe(415);
    expect(decoded.body.message).toBe('The image could not be read; the file may be damaged.');
  });

  it.each([
    ['other dimensions', () => webp(240, 320)],
    ['the full height instead of the 640-px cut', () => webp(480, 960)],
    ['not WebP by its bytes (a PNG in the WebP form)', () => sharp({ create: { width: 480, height: 640, channels: 3, background: '#c0ffee' } }).png().toBuffer()],
    ['not an image', async () => Buffer.from('RIFF\0\0\0\0WEBPVP8 not really')],
    ['an animated WebP (two frames of the right size)', async () => animated(await webp(480, 640))],
  ])('ignores a thumbnail with %s: the server makes the thumbnail, the save succeeds', async (_what, make) => {
    const u = await signedInUser();
    const token = await grantOf(u);
    const bad = await make();
    const { created, status } = await saveWithThumbnail(token, png, bad);
    expect(status).toBe(200);
    const stored = await storedThumb(u, created.id);
    expect(stored.equals(bad)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 480, height: 640 });
    // The server decoded the capture: the same damaged capture is refused, and leaves nothing behind.
    const refused = await saveWithThumbnail(token, damaged, bad);
    expect(refused.status).toBe(415);
    const keys = imageKeys(u.userId, refused.created.id);
    expect(await imagesRepo.get(u.userId, refused.created.id)).toBeUndefined();
    for (const key of [keys.upload, keys.thumbUpload, keys.original, keys.thumb]) expect(await headObject(key)).toBeUndefined();
  });

  it('a capture saved with a thumbnail form but no thumbnail gets the server\'s', async () => {
    const u = await signedInUser();
    const { created, status } = await saveWithThumbnail(await grantOf(u), png, null);
    expect(status).toBe(200);
    expect(await sharp(await storedThumb(u, created.id)).metadata()).toMatchObject({ format: 'webp', width: 480, height: 640 });
  });

  it('uploads from the computer keep the server path: the site cannot ask for a thumbnail form', async () => {
    const u = await signedInUser();
    const refused = await callApi(routes.createImage, { token: u.accessToken, body: { title: 'From disk', notes: '', contentType: 'image/png', thumbnail: true } });
    expect(refused.status).toBe(400);
    const c = await callApi(routes.createImage, { token: u.accessToken, body: { title: 'From disk', notes: '', contentType: 'image/png' } });
    const created = Image.parse(c.body);
    expect(created.thumbUploadFields).toBeUndefined();
    expect((await post(created.uploadUrl!, created.uploadFields!, damaged)).status).toBe(204);
    // Decoded as before: the damaged file is refused.
    const f = await callApi(routes.finalizeImage, { token: u.accessToken, params: { id: created.id }, body: {} });
    expect(f.status).toBe(415);
  });
});
