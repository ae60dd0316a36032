import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image } from '#shared/domain/image';
import { StorageUsage } from '#shared/domain/storage-usage';
import type { Subscription } from '#shared/domain/subscription';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { storageFullMessage } from '#shared/rules/storage-quota';
import { makeOrg } from '../../test/integration/org-test-helpers';
import { callApi, signedInUser } from '../../test/integration/helpers';
import { imagesRepo } from '../adapters/images-repo';
import { orgsRepo } from '../adapters/orgs-repo';
import { usersRepo } from '../adapters/users-repo';
import { headObject } from '../adapters/s3-client';
import { storageCounter } from '../adapters/storage-counter';
import { config } from '../lib/config';
import { imageKeys, newImageId } from './lib/image-keys';

/**
 * The storage quota (docs/images.md "Storage quota") through the local API against dynalite and
 * s3rver: the usage route, the create check and the presigned POST's cap, and the finalise check.
 * A library is filled by writing a finalised row of the wanted size straight to the table and
 * counting it as finalise does, so the limits stay the product's own.
 */

const fixtures = join(import.meta.dirname, '../../test/fixtures/images');
let png: Buffer;
beforeAll(async () => {
  png = await readFile(join(fixtures, 'sample-page.png'));
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const basic = () => config.storageLimitBasicBytes();
const premium = () => config.storageLimitPremiumBytes();

const usage = async (u: User) => {
  const r = await callApi(routes.getStorageUsage, { token: u.accessToken });
  expect(r.status).toBe(200);
  return StorageUsage.parse(r.body);
};
const create = (u: User, body: Record<string, unknown> = {}) =>
  callApi(routes.createImage, { token: u.accessToken, body: { title: 'A page', notes: '', contentType: 'image/png', ...body } });
const upload = (image: Image, bytes: Buffer) =>
  fetch(image.uploadUrl!, { method: 'POST', body: imageUploadForm(image.uploadFields!, new Blob([new Uint8Array(bytes)])) });
const finalize = (u: User, id: string) => callApi(routes.finalizeImage, { token: u.accessToken, params: { id }, body: {} });

/**
 * A finalised image of `bytes` written straight to the table (no file: the quota only counts
 * sizes), and added to the user's storage counter when they have one; a user without one yet gets
 * it started from their rows, as a user from before the counter does.
 */
async function fill(u: User, bytes: number) {
  const now = new Date().toISOString();
  const imageId = newImageId(Date.now());
  const keys = imageKeys(u.userId, imageId);
  await imagesRepo.put({
    userId: u.userId, imageId, title: 'Filler', notes: '', urlLink: null, objectKey: keys.original, thumbKey: keys.thumb,
    status: 'ready', contentType: 'image/png', size: bytes, width: 1, height: 1, created: now, updated: now,
  });
  await storageCounter.addIfFits(u.userId, bytes, Number.MAX_SAFE_INTEGER);
}
const remove = (u: User, id: string) => callApi(routes.deleteImage, { token: u.accessToken, params: { id }, body: { id } });

const activeSub = (plan: Subscription['plan']): Subscription => ({
  id: `sub_${plan}`, status: 'active', plan, amount: 1200, quantity: 1, current_period_start: Math.floor(Date.now() / 1000) - 60,
  current_period_end: Math.floor(Date.now() / 1000) + 86_400 * 300, trial_start: null, trial_end: null, interval: 'year',
  interval_count: 1, cancel_at_period_end: false,
});

/** The policy the presigned POST was signed with. */
const policyOf = (image: Image) =>
  JSON.parse(Buffer.from(image.uploadFields!.Policy ?? image.uploadFields!.policy, 'base64').toString()) as { conditions: unknown[] };
const lengthRange = (image: Image) => policyOf(image).conditions.find((c) => Array.isArray(c) && c[0] === 'content-length-range');

describe('GET /account/storage', () => {
  it("counts the sizes of the caller's finalised images against the Basic limit, not pending ones", async () => {
    const u = await signedInUser();
    expect(await usage(u)).toEqual({ usedBytes: 0, limitBytes: basic(), plan: 'basic' });
    const c = Image.parse((await create(u)).body);
    expect((await upload(c, png)).status).toBe(204);
    expect((await usage(u)).usedBytes).toBe(0); // pending: not counted
    expect((await finalize(u, c.id)).status).toBe(200);
    expect(await usage(u)).toEqual({ usedBytes: png.length, limitBytes: basic(), plan: 'basic' });
    // Another user's images are theirs alone.
    expect((await usage(await signedInUser())).usedBytes).toBe(0);
    // Deleting gives the room back.
    expect((await remove(u, c.id)).status).toBe(200);
    expect((await usage(u)).usedBytes).toBe(0);
    expect((await storageCounter.read(u.userId))?.totalBytes).toBe(0);
  });

  it('gives Premium subscribers and active Enterprise members the Premium limit', async () => {
    const p = await signedInUser();
    await usersRepo.update(p.userId, { subscription: activeSub('premium') });
    expect(await usage(p)).toMatchObject({ limitBytes: premium(), plan: 'premium' });

    const member = await signedInUser();
    const org = await makeOrg({ members: [{ user: member, status: 'active' }] });
    await orgsRepo.updateOrg(org.orgId, { subscription: activeSub('enterprise') });
    expect(await usage(member)).toMatchObject({ limitBytes: premium(), plan: 'premium' });
    expect(await usage(org.admin)).toMatchObject({ plan: 'premium' });
  });
});

describe('POST /images/ and the storage quota', () => {
  it('refuses a full library before writing anything, with the message the clients show', async () => {
    const u = await signedInUser();
    await fill(u, basic());
    const before = await imagesRepo.list(u.userId);
    const r = await create(u);
    expect(r.status).toBe(413);
    expect(r.body).toEqual({
      code: 'storage_full',
      message: storageFullMessage({ usedBytes: basic(), limitBytes: basic(), plan: 'basic', premiumLimitBytes: premium() }),
    });
    expect(r.body.message).toMatch(/^Your image library is full: .* used\. Delete images to make room, or upgrade to Premium for .*\.$/);
    expect(await imagesRepo.list(u.userId)).toEqual(before);
  });

  it('refuses a declared size that does not fit, naming the file', async () => {
    const u = await signedInUser();
    await fill(u, basic() - 1000);
    const r = await create(u, { size: png.length });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('storage_full');
    expect(r.body.message).toMatch(/^This image \(57 KB\) does not fit in your image library: /);
    expect((await imagesRepo.list(u.userId)).length).toBe(1);
  });

  it('caps the upload form at the storage left, so S3 refuses a bigger file', async () => {
    const u = await signedInUser();
    const first = Image.parse((await create(u)).body);
    expect(lengthRange(first)).toEqual(['content-length-range', 1, 25 * 1024 * 1024]);
    expect((await remove(u, first.id)).status).toBe(200); // its reservation goes with it
    await fill(u, basic() - 1000);
    const c = Image.parse((await create(u)).body);
    expect(lengthRange(c)).toEqual(['content-length-range', 1, 1000]);
    const sent = await upload(c, png);
    expect(sent.status).toBe(400);
    expect(await sent.text()).toContain('EntityTooLarge');
    expect(await headObject(imageKeys(u.userId, c.id).upload)).toBeUndefined();
  });
});

describe('POST /images/{id}/ and the storage quota', () => {
  it('holds room for uploads in progress: one that does not fit beside them is refused until they end', async () => {
    const u = await signedInUser();
    await fill(u, basic() - 3 * png.length);
    const a = Image.parse((await create(u, { size: 2 * png.length })).body);
    expect(lengthRange(a)).toEqual(['content-length-range', 1, 2 * png.length]);
    const refused = await create(u, { size: 2 * png.length });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/^This image \(114 KB\) does not fit in your image library: /);
    // Pending room is not shown as used.
    expect((await usage(u)).usedBytes).toBe(basic() - 3 * png.length);
    // Finalised with a smaller file, the upload keeps only its real size.
    expect((await upload(a, png)).status).toBe(204);
    expect((await finalize(u, a.id)).status).toBe(200);
    expect((await storageCounter.read(u.userId))).toEqual({ totalBytes: basic() - 2 * png.length, reservations: {} });
    expect((await create(u, { size: 2 * png.length })).status).toBe(201);
  });

  it('gives an expired upload\'s room back, even when its row is gone (TTL)', async () => {
    const u = await signedInUser();
    await fill(u, basic() - png.length);
    const a = Image.parse((await create(u)).body);
    expect((await create(u)).status).toBe(413);
    // As if a day had passed and DynamoDB's TTL had deleted the row without our code running.
    const counter = (await storageCounter.read(u.userId))!;
    await storageCounter.release(u.userId, a.id, counter.reservations[a.id]!);
    await storageCounter.reserve(u.userId, a.id, { ...counter.reservations[a.id]!, until: Math.floor(Date.now() / 1000) - 1 }, { limitBytes: basic(), maxPending: 200 });
    await imagesRepo.remove(u.userId, a.id);
    expect((await create(u, { size: png.length })).status).toBe(201);
  });

  it('counts an upload started before the counter at finalise, refusing it (and removing it) when it does not fit', async () => {
    const u = await signedInUser();
    await fill(u, basic() - 10 * png.length);
    const c = Image.parse((await create(u)).body);
    expect((await upload(c, png)).status).toBe(204);
    // The row as the code before the counter left it: no reservation.
    const row = (await imagesRepo.get(u.userId, c.id))!;
    await storageCounter.release(u.userId, c.id, { bytes: row.reservedBytes! });
    await imagesRepo.put({ ...row, reservedBytes: undefined });
    await fill(u, 9 * png.length + 1); // another upload, finalised first: 1 byte too many for this one
    const r = await finalize(u, c.id);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('storage_full');
    expect(r.body.message).toMatch(/^This image \(57 KB\) does not fit in your image library: /);
    expect(await imagesRepo.get(u.userId, c.id)).toBeUndefined();
    const keys = imageKeys(u.userId, c.id);
    for (const key of [keys.upload, keys.original, keys.thumb]) expect(await headObject(key)).toBeUndefined();
    expect((await usage(u)).usedBytes).toBe(basic() - png.length + 1);
  });

  it('stores a file that fits to the last byte', async () => {
    const u = await signedInUser();
    await fill(u, basic() - png.length);
    const c = Image.parse((await create(u, { size: png.length })).body);
    expect((await upload(c, png)).status).toBe(204);
    expect((await finalize(u, c.id)).status).toBe(200);
    expect(await usage(u)).toMatchObject({ usedBytes: basic() });
    expect((await create(u)).status).toBe(413);
  });
});
