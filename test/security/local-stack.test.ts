import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image, MAX_IMAGE_BYTES } from '#shared/domain/image';
import { headObject } from '../../lambdas/adapters/s3-client';
import { imageKeys } from '../../lambdas/images/lib/image-keys';
import { callApi, signedInUser } from '../integration/helpers';

/**
 * Issue #22 §6, the local stack: the local S3 front must hold a presigned POST to its size limit
 * however the file part is sent, and every signed-in route must refuse an ID token with 401 (only
 * access tokens act as the user; API Gateway's JWT authorizer accepts both).
 */

async function createdImage() {
  const u = await signedInUser();
  const r = await callApi(routes.createImage, { token: u.accessToken, body: { title: 'Local S3', notes: '', contentType: 'image/png' } });
  return { u, image: Image.parse(r.body) };
}

describe('local S3 front: presigned POST policy', () => {
  it('refuses a file part sent without a filename when it is over the size limit, and stores nothing', async () => {
    const { u, image } = await createdImage();
    const form = new FormData();
    for (const [k, v] of Object.entries(image.uploadFields!)) form.append(k, v);
    form.append('file', 'x'.repeat(MAX_IMAGE_BYTES + 1)); // a plain field: no filename
    const r = await fetch(image.uploadUrl!, { method: 'POST', body: form });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await headObject(imageKeys(u.userId, image.id).upload)).toBeUndefined();
  });

  it('refuses a POST without any file part', async () => {
    const { u, image } = await createdImage();
    const form = new FormData();
    for (const [k, v] of Object.entries(image.uploadFields!)) form.append(k, v);
    const r = await fetch(image.uploadUrl!, { method: 'POST', body: form });
    expect(r.status).toBe(400);
    expect(await headObject(imageKeys(u.userId, image.id).upload)).toBeUndefined();
  });
});

describe('ID tokens are not access tokens', () => {
  it('answers 401 on signed-in routes for an ID token, reads and writes alike', async () => {
    const u = await signedInUser();
    expect((await callApi(routes.lookupAccount, { token: u.idToken })).status).toBe(401);
    expect((await callApi(routes.listImages, { token: u.idToken })).status).toBe(401);
    expect((await callApi(routes.changeEmail, { token: u.idToken, body: { email: 'x-id-token@example.com' } })).status).toBe(401);
    expect((await callApi(routes.lookupAccount, { token: u.accessToken })).status).toBe(200);
  });
});
