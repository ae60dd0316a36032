import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '#shared/api/route';
import { routeList, routes } from '#shared/api/routes';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { grantsRepo } from '../../lambdas/adapters/grants-repo';
import { imagesRepo } from '../../lambdas/adapters/images-repo';
import { hashSecretToken } from '../../lambdas/lib/secret-token';
import { callApi, signedInUser, staffUser, uniqueEmail } from '../integration/helpers';
import { readyImage } from './authz/actors';

/**
 * Attacks on the extension's upload grant (docs/security.md): a guessed, expired or revoked grant,
 * a grant presented to a Cognito route, and the grant of a deleted account. Each is refused with
 * 401 and writes nothing.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
const mint = async (u: User) => (await callApi(routes.createUploadGrant, { token: u.accessToken, body: {} })).body.token as string;
const createWith = (grant: string) =>
  callApi(routes.grantCreateImage, { headers: { [UPLOAD_GRANT_HEADER]: grant }, body: { title: 'Attack', notes: '' } });

describe('upload grant attacks', () => {
  it('a guessed grant (well-formed random, or malformed) is refused and writes nothing', async () => {
    const u = await signedInUser();
    await mint(u);
    for (const guess of [randomBytes(32).toString('base64url'), 'x', '', hashSecretToken('x'), 'A'.repeat(43)]) {
      expect((await createWith(guess)).status).toBe(401);
    }
    const none = await callApi(routes.grantCreateImage, { body: { title: 'Attack', notes: '' } });
    expect(none).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await imagesRepo.list(u.userId)).toEqual([]);
  });

  it('the hash stored in the table is not itself a grant', async () => {
    const u = await signedInUser();
    const grant = await mint(u);
    expect((await createWith(hashSecretToken(grant))).status).toBe(401);
  });

  it('an expired grant is refused', async () => {
    const u = await signedInUser();
    const grant = await mint(u);
    const row = (await grantsRepo.get(hashSecretToken(grant)))!;
    await grantsRepo.remove(row.tokenHash);
    await grantsRepo.put({ ...row, expiresAt: Math.floor(Date.now() / 1000) });
    expect((await createWith(grant)).status).toBe(401);
    expect(await imagesRepo.list(u.userId)).toEqual([]);
  });

  it('a revoked grant is refused, also for finalising an upload it started', async () => {
    const u = await signedInUser();
    const grant = await mint(u);
    const created = await createWith(grant);
    expect(created.status).toBe(201);
    expect((await callApi(routes.revokeUploadGrants, { token: u.accessToken, body: {} })).status).toBe(200);
    expect((await createWith(grant)).status).toBe(401);
    const fin = await callApi(routes.grantFinalizeImage, { headers: { [UPLOAD_GRANT_HEADER]: grant }, params: { id: created.body.id as string }, body: {} });
    expect(fin.status).toBe(401);
  });

  it('a grant opens no user or staff route, as a header or as a bearer token', async () => {
    const u = await signedInUser();
    const imageId = await readyImage(u);
    const grant = await mint(u);
    const bodies: Partial<Record<string, unknown>> = {
      updateImage: { id: imageId, title: 'Hijacked', notes: '' }, deleteImage: { id: imageId },
    };
    const tried: string[] = [];
    for (const route of (routeList as readonly RouteDef[]).filter((r) => r.caller === 'user' || r.caller === 'staff')) {
      const params = route.params ? { id: imageId, orgId: 'org', userId: u.userId, shareId: 'share' } : undefined;
      const body = route.method === 'GET' ? undefined : (bodies[route.id] ?? {});
      const attempts: Record<string, string>[] = [{ [UPLOAD_GRANT_HEADER]: grant }, { authorization: `Bearer ${grant}` }];
      for (const headers of attempts) {
        const r = await callApi(route, { headers, params, body });
        if (r.status !== 401) tried.push(`${route.id} with ${Object.keys(headers)[0]}: ${r.status}`);
      }
    }
    expect(tried).toEqual([]);
    // The image is untouched: no listing, renaming or deleting with a grant.
    expect(await imagesRepo.get(u.userId, imageId)).toMatchObject({ title: 'Private page', status: 'ready' });
  }, 60_000);

  it("a deleted account's grant writes nothing, and is deleted with the account", async () => {
    const [staff, victim] = await Promise.all([staffUser(), signedInUser(uniqueEmail('deleted'))]);
    const grant = await mint(victim);
    expect((await createWith(grant)).status).toBe(201);
    const del = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: victim.userId } });
    expect(del.status).toBe(200);
    expect((await createWith(grant)).status).toBe(401);
    expect(await imagesRepo.list(victim.userId)).toEqual([]);
    // No grant row outlives the account (the guard refuses it anyway; nothing is left to expire).
    expect(await grantsRepo.get(hashSecretToken(grant))).toBeUndefined();
    expect(await grantsRepo.listHashes(victim.userId)).toEqual([]);
  });
});
