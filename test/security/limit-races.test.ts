import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image } from '#shared/domain/image';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { imagesRepo } from '../../lambdas/adapters/images-repo';
import { headObject } from '../../lambdas/adapters/s3-client';
import { isShareExpired, ownerKeyOf, sharesRepo } from '../../lambdas/adapters/shares-repo';
import { imageKeys, newImageId } from '../../lambdas/images/lib/image-keys';
import { config } from '../../lambdas/lib/config';
import { newSecretToken } from '../../lambdas/lib/secret-token';
import { MAX_SHARES_PER_IMAGE, TOO_MANY } from '../../lambdas/shares/create-share-link';
import { callApi, signedInUser } from '../integration/helpers';
import { reportFigure } from '../report-figure';

/**
 * Issue #31 §2, limits that hold under concurrency: many requests at once over HTTP against the
 * local stack (dynalite, s3rver), each race judged by the raw stores afterwards. Before the
 * counters, each request read the usage (or the links) and wrote later, so all of them passed.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

let png: Buffer;
beforeAll(async () => {
  png = await readFile(join(import.meta.dirname, '../fixtures/images/sample-page.png'));
});

const measured = { finalised: NaN, overBytes: NaN, inUploads: NaN, room: NaN, links: NaN };
afterAll(() => {
  reportFigure(
    `limit-races: 6 finalises for 1.5 files of room → ${measured.finalised} stored, ${measured.overBytes} B over the limit; ` +
      `5 forms → ${measured.inUploads} B in uploads/ for ${measured.room} B of room; 44 links + 20 at once → ${measured.links}`,
  );
});

const basic = () => config.storageLimitBasicBytes();

/** A finalised image of `bytes` written straight to the table, before the user's first upload. */
async function fill(u: User, bytes: number) {
  const now = new Date().toISOString();
  const imageId = newImageId(Date.now());
  const keys = imageKeys(u.userId, imageId);
  await imagesRepo.put({
    userId: u.userId, imageId, title: 'Filler', notes: '', urlLink: null, objectKey: keys.original, thumbKey: keys.thumb,
    status: 'ready', contentType: 'image/png', size: bytes, width: 1, height: 1, created: now, updated: now,
  });
}

const create = (u: User, body: Record<string, unknown> = {}) =>
  callApi(routes.createImage, { token: u.accessToken, body: { title: 'Race', notes: '', contentType: 'image/png', ...body } });
const upload = (image: Image) =>
  fetch(image.uploadUrl!, { method: 'POST', body: imageUploadForm(image.uploadFields!, new Blob([new Uint8Array(png)])) });

/** The sum of the user's finalised images, read from the table (not from any counter). */
async function storedBytes(userId: string): Promise<number> {
  const rows = await imagesRepo.list(userId);
  return rows.filter((r) => r.status === 'ready').reduce((sum, r) => sum + (r.size ?? 0), 0);
}

describe('limits under concurrency (#31 §2)', () => {
  it('six finalises at once with room for one and a half files store one, and never pass the limit', async () => {
    const u = await signedInUser();
    const room = Math.floor(1.5 * png.length);
    await fill(u, basic() - room);
    // Six uploads declared with their size, as the site does; each fits on its own.
    const created = await Promise.all(Array.from({ length: 6 }, () => create(u, { size: png.length })));
    const images = created.filter((r) => r.status === 201 || r.status === 200).map((r) => Image.parse(r.body));
    for (const r of created) expect([200, 201, 413]).toContain(r.status);
    await Promise.all(images.map(async (image) => expect((await upload(image)).status).toBe(204)));
    const finalised = await Promise.all(images.map((image) => callApi(routes.finalizeImage, { token: u.accessToken, params: { id: image.id }, body: {} })));
    for (const r of finalised) expect([200, 413]).toContain(r.status);

    const stored = await storedBytes(u.userId);
    measured.finalised = finalised.filter((r) => r.status === 200).length;
    measured.overBytes = Math.max(0, stored - basic());
    expect(stored).toBeLessThanOrEqual(basic());
    expect(measured.finalised).toBe(1);
    const usage = await callApi(routes.getStorageUsage, { token: u.accessToken });
    expect(usage.body).toMatchObject({ usedBytes: stored });
  });

  it('five upload forms made at once never accept more than the room left', async () => {
    const u = await signedInUser();
    const room = Math.floor(1.5 * png.length);
    await fill(u, basic() - room);
    // No declared size (as the extension saves): each form would accept up to the room left.
    const created = await Promise.all(Array.from({ length: 5 }, () => create(u)));
    const images = created.filter((r) => r.status === 201 || r.status === 200).map((r) => Image.parse(r.body));
    for (const r of created) expect([200, 201, 413]).toContain(r.status);
    await Promise.all(images.map((image) => upload(image)));
    const sizes = await Promise.all(images.map(async (image) => (await headObject(imageKeys(u.userId, image.id).upload))?.size ?? 0));
    measured.inUploads = sizes.reduce((a, b) => a + b, 0);
    measured.room = room;
    expect(measured.inUploads).toBeLessThanOrEqual(room);
    // And a form refused now frees its room: the upload that holds it is deleted, then a new one fits.
    const holder = images[0]!;
    expect((await callApi(routes.deleteImage, { token: u.accessToken, params: { id: holder.id }, body: { id: holder.id } })).status).toBe(200);
    expect((await create(u, { size: png.length })).status).toBe(201);
  });

  it(`${MAX_SHARES_PER_IMAGE} links per image: 44 made, then 20 at once, makes exactly ${MAX_SHARES_PER_IMAGE}`, async () => {
    const u = await signedInUser();
    const created = Image.parse((await create(u)).body);
    expect((await upload(created)).status).toBe(204);
    const image = Image.parse((await callApi(routes.finalizeImage, { token: u.accessToken, params: { id: created.id }, body: {} })).body);
    // 44 links already there (written as earlier creates left them).
    for (let i = 0; i < 44; i++) {
      const shareId = `seed${i}`;
      await sharesRepo.create({
        tokenHash: newSecretToken().hash, shareId, userId: u.userId, imageId: image.id, ownerKey: ownerKeyOf(image.id, shareId),
        created: new Date().toISOString(), views: 0,
      });
    }
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callApi(routes.createShareLink, { token: u.accessToken, params: { id: image.id }, body: { expiry: '7d' } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_SHARES_PER_IMAGE - 44);
    expect(results.filter((r) => r.status === 409 && r.body.message === TOO_MANY)).toHaveLength(20 - (MAX_SHARES_PER_IMAGE - 44));
    const active = (await sharesRepo.listByOwner(u.userId, image.id)).filter((s) => !isShareExpired(s));
    measured.links = active.length;
    expect(active).toHaveLength(MAX_SHARES_PER_IMAGE);
  });
});
