import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { passwordAccessToken } from '../../../scripts/local/seed';
import { confirmedUser, expect, PASSWORD, stackEnv } from './fixtures';

/** Share links made through the API, for the browser tests that open them. */

const PNG = new URL('../../fixtures/images/sample-page.png', import.meta.url).pathname;
export const api = () => process.env.FPS_API_URL!;

/** The user's access token, signed in as the site does locally. */
export function accessToken(email: string, password = PASSWORD): Promise<string> {
  const env = stackEnv();
  return passwordAccessToken({ endpoint: env.COGNITO_ENDPOINT, userPoolClientId: env.USER_POOL_CLIENT_ID }, email, password);
}

/** A fresh user with a finalised image and a link to it, all made through the API. */
export async function sharedImageViaApi(request: APIRequestContext, title = 'Owner only') {
  const email = await confirmedUser('owner');
  const token = await accessToken(email);
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post(`${api()}/images/`, { headers: auth, data: { title, notes: '', contentType: 'image/png' } });
  const image = (await created.json()) as { id: string; uploadUrl: string; uploadFields: Record<string, string> };
  const form = imageUploadForm(image.uploadFields, new Blob([new Uint8Array(await readFile(PNG))]));
  expect((await fetch(image.uploadUrl, { method: 'POST', body: form })).status).toBe(204);
  expect((await request.post(`${api()}/images/${image.id}/`, { headers: auth, data: {} })).status()).toBe(200);
  const made = await request.post(`${api()}/images/${image.id}/shares`, { headers: auth, data: { expiry: '1d' } });
  expect(made.status()).toBe(201);
  return { email, token, imageId: image.id, link: (await made.json()) as { id: string; url: string } };
}
