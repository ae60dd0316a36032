import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image } from '#shared/domain/image';
import { UPLOAD_GRANT_HEADER, UPLOAD_GRANT_LIFETIME_SECONDS } from '#shared/domain/upload-grant';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { callApi, signedInUser, signIn } from '../../test/integration/helpers';
import { dynamo } from '../adapters/dynamo-client';
import { grantsRepo } from '../adapters/grants-repo';
import { tableName } from '../lib/config';
import { hashSecretToken } from '../lib/secret-token';

/**
 * Upload grants through the local API against dynalite and s3rver: minting, what is stored,
 * expiry, revocation, and the grant routes doing what createImage / finalizeImage do.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
const png = () => readFile(join(import.meta.dirname, '../../test/fixtures/images/sample-page.png'));

async function mint(u: User) {
  const r = await callApi(routes.createUploadGrant, { token: u.accessToken, body: {} });
  expect(r.status).toBe(201);
  return r.body as { token: string; expiresAt: number };
}
const withGrant = (token: string) => ({ headers: { [UPLOAD_GRANT_HEADER]: token } });

async function saveWithGrant(token: string, body: Record<string, unknown>) {
  const c = await callApi(routes.grantCreateImage, { ...withGrant(token), body: { notes: '', contentType: 'image/png', ...body } });
  expect(c.status).toBe(201);
  const created = Image.parse(c.body);
  const up = await fetch(created.uploadUrl!, { method: 'POST', body: imageUploadForm(created.uploadFields!, new Blob([new Uint8Array(await png())])) });
  expect(up.status).toBe(204);
  return callApi(routes.grantFinalizeImage, { ...withGrant(token), params: { id: created.id }, body: {} });
}

describe('upload grants (local API, dynalite, s3rver)', () => {
  it('mints a 256-bit token that lives two hours and is stored only as its SHA-256 hash', async () => {
    const u = await signedInUser();
    const before = Date.now();
    const g = await mint(u);
    expect(g.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(g.token, 'base64url')).toHaveLength(32);
    expect(g.expiresAt).toBeGreaterThanOrEqual(before + UPLOAD_GRANT_LIFETIME_SECONDS * 1000 - 1000);
    expect(g.expiresAt).toBeLessThanOrEqual(Date.now() + UPLOAD_GRANT_LIFETIME_SECONDS * 1000);

    const row = await grantsRepo.get(hashSecretToken(g.token));
    expect(row).toMatchObject({ userId: u.userId, expiresAt: Math.floor(g.expiresAt / 1000) });
    // Nowhere in the table does the token itself appear.
    for await (const page of paginateScan({ client: dynamo() }, { TableName: tableName('grants') })) {
      expect(JSON.stringify(page.Items)).not.toContain(g.token);
    }
    // Two mints, two different grants.
    expect((await mint(u)).token).not.toBe(g.token);
  });

  it('saves like createImage + finalizeImage, in the grant\'s own library, with title, address and part', async () => {
    const u = await signedInUser();
    const { token } = await mint(u);
    const r = await saveWithGrant(token, { title: 'Example (1 of 2)', urlLink: 'https://example.com/long', part: { set: 'cap-1', index: 1, count: 2 } });
    expect(r.status).toBe(200);
    const saved = Image.parse(r.body);
    expect(saved).toMatchObject({ title: 'Example (1 of 2)', urlLink: 'https://example.com/long', contentType: 'image/png', part: { set: 'cap-1', index: 1, count: 2 } });
    const listed = await callApi(routes.listImages, { token: u.accessToken });
    expect((listed.body as unknown as Image[]).map((i) => i.id)).toContain(saved.id);
  });

  it('refuses a grant past its expiry (401), though the row is still there (dynalite has no TTL)', async () => {
    const u = await signedInUser();
    const { token } = await mint(u);
    const row = (await grantsRepo.get(hashSecretToken(token)))!;
    await grantsRepo.remove(row.tokenHash);
    await grantsRepo.put({ ...row, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const r = await callApi(routes.grantCreateImage, { ...withGrant(token), body: { title: 'Late', notes: '' } });
    expect(r).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('revokes every grant of the caller on sign-out, and no one else\'s', async () => {
    const [u, other] = await Promise.all([signedInUser(), signedInUser()]);
    const [a, b, c] = await Promise.all([mint(u), mint(u), mint(other)]);
    const r = await callApi(routes.revokeUploadGrants, { token: u.accessToken, body: {} });
    expect(r).toMatchObject({ status: 200, body: { ok: true, revoked: 2 } });
    for (const g of [a, b]) {
      expect((await callApi(routes.grantCreateImage, { ...withGrant(g.token), body: { title: 'After', notes: '' } })).status).toBe(401);
      expect(await grantsRepo.get(hashSecretToken(g.token))).toBeUndefined();
    }
    expect((await callApi(routes.grantCreateImage, { ...withGrant(c.token), body: { title: 'Still mine', notes: '' } })).status).toBe(201);
  });

  // Issue 31 §1: the sign-out page's own account load minted a new grant ~20 ms after the revoke.
  it('a session that signed out mints no grant again, even with the very token it signed out with', async () => {
    const u = await signedInUser();
    const before = await mint(u);
    expect((await callApi(routes.revokeUploadGrants, { token: u.accessToken, body: {} })).status).toBe(200);
    const again = await callApi(routes.createUploadGrant, { token: u.accessToken, body: {} });
    expect(again).toMatchObject({ status: 401, body: { code: 'unauthorized', message: 'This session has signed out. Sign in again.' } });
    expect((await callApi(routes.grantCreateImage, { ...withGrant(before.token), body: { title: 'After', notes: '' } })).status).toBe(401);
  });

  it('mints racing the sign-out: whatever the order, no grant of that session opens anything afterwards', async () => {
    const u = await signedInUser();
    const mints = Array.from({ length: 8 }, (_, i) => new Promise<Awaited<ReturnType<typeof callApi>>>((r) => setTimeout(r, i * 3)).then(() => callApi(routes.createUploadGrant, { token: u.accessToken, body: {} })));
    const [revoke, ...minted] = await Promise.all([
      new Promise((r) => setTimeout(r, 6)).then(() => callApi(routes.revokeUploadGrants, { token: u.accessToken, body: {} })),
      ...mints,
    ]);
    expect(revoke.status).toBe(200);
    const tokens = minted.filter((m) => m.status === 201).map((m) => (m.body as { token: string }).token);
    for (const m of minted) expect([201, 401]).toContain(m.status);
    const uses = await Promise.all(tokens.map((t) => callApi(routes.grantCreateImage, { ...withGrant(t), body: { title: 'Raced', notes: '' } })));
    expect(uses.map((r) => r.status)).toEqual(tokens.map(() => 401));
  });

  it('signing out of one session leaves the user\'s other sessions able to mint (they only lose their current grant)', async () => {
    const u = await signedInUser();
    // cognito-local stamps auth_time in whole seconds: the second sign-in must be a later one.
    await new Promise((r) => setTimeout(r, 1100));
    const otherSession = await signIn(u.email);
    expect((await callApi(routes.revokeUploadGrants, { token: u.accessToken, body: {} })).status).toBe(200);
    const r = await callApi(routes.createUploadGrant, { token: otherSession, body: {} });
    expect(r.status).toBe(201);
    const token = (r.body as { token: string }).token;
    expect((await callApi(routes.grantCreateImage, { ...withGrant(token), body: { title: 'Other session', notes: '' } })).status).toBe(201);
  });
});
