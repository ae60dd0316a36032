/**
 * Saving one image to the library with an upload grant (docs/security.md): create (a presigned
 * POST form) → POST the file to S3 with the form's fields (XMLHttpRequest, for upload progress) →
 * finalise. The same three steps as the site's upload, on the grant routes; with the editor's
 * thumbnail, create also gives a form for it, POSTed beside the file, and finalise keeps it
 * instead of decoding the file (docs/images.md).
 */
import { endpoints } from '#shared/api/endpoints';
import { buildPath, type Endpoint } from '#shared/api/route';
import type { UPLOAD_GRANT_HEADER as SharedGrantHeader, UploadGrant } from '#shared/domain/upload-grant';
import { MAX_IMAGE_PIXELS } from '#shared/domain/image-limits';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import type { FailedCall } from './save-failure';

// Spelled out (checked against the shared constant) so zod stays out of the editor's bundle.
const UPLOAD_GRANT_HEADER: typeof SharedGrantHeader = 'x-upload-grant';

export class SaveCallError extends Error {
  constructor(readonly call: FailedCall) {
    super(call.message ?? `HTTP ${call.status}`);
    this.name = 'SaveCallError';
  }
}

export interface ImageToSave {
  bytes: Blob;
  /** The library's thumbnail of `bytes` (editor/library-thumbnail.ts), if the editor could make one. */
  thumbnail?: Blob | null;
  title: string;
  urlLink: string | null;
  part?: { set: string; index: number; count: number };
}

interface CreatedImage { id: string; uploadUrl: string; uploadFields: Record<string, string>; thumbUploadFields?: Record<string, string> }

/** Calls a grant route of the table (endpoints.ts: method and path, without zod). */
async function callApi<T>(grant: UploadGrant, endpoint: Endpoint, params: Record<string, string>, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${grant.apiUrl.replace(/\/+$/, '')}${buildPath(endpoint.path, params)}`, {
      method: endpoint.method,
      headers: { 'content-type': 'application/json', accept: 'application/json', [UPLOAD_GRANT_HEADER]: grant.token },
      body: JSON.stringify(body),
    });
  } catch {
    throw new SaveCallError({ status: 0, online: navigator.onLine });
  }
  const text = await res.text();
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON: the status says enough */
  }
  if (!res.ok) throw new SaveCallError({ status: res.status, code: data.code as string | undefined, message: data.message as string | undefined });
  return data as T;
}

/** POSTs the file with the form's fields to S3, reporting bytes sent. */
function postForm(url: string, fields: Record<string, string>, file: Blob, onProgress: (sent: number) => void): Promise<void> {
  const form = imageUploadForm(fields, file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => onProgress(Math.min(e.loaded, file.size));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      // S3 answers XML: <Code>EntityTooLarge</Code>.
      const code = /<Code>([^<]+)<\/Code>/.exec(xhr.responseText)?.[1];
      const message = /<Message>([^<]+)<\/Message>/.exec(xhr.responseText)?.[1];
      reject(new SaveCallError({ status: xhr.status, code, message }));
    };
    xhr.onerror = () => reject(new SaveCallError({ status: 0, online: navigator.onLine }));
    xhr.send(form);
  });
}

/** Creates, uploads and finalises one image; resolves with its id. `onProgress` gets bytes of this file sent. */
export async function saveImage(grant: UploadGrant, image: ImageToSave, onProgress: (sent: number) => void): Promise<string> {
  // Marks for the save benchmark (scripts/bench-save.ts): where the time goes.
  performance.mark('save:create');
  const created = await callApi<CreatedImage>(grant, endpoints.grantCreateImage, {}, {
    title: image.title, notes: '', urlLink: image.urlLink, contentType: image.bytes.type || 'image/png',
    ...(image.part ? { part: image.part } : {}),
    ...(image.thumbnail ? { thumbnail: true } : {}),
  });
  performance.mark('save:upload');
  const { thumbnail } = image;
  await Promise.all([
    postForm(created.uploadUrl, created.uploadFields, image.bytes, onProgress),
    // Best effort: without it, finalise makes the thumbnail itself.
    thumbnail && created.thumbUploadFields ? postForm(created.uploadUrl, created.thumbUploadFields, thumbnail, () => {}).catch(() => {}) : undefined,
  ]);
  performance.mark('save:finalise');
  await callApi<unknown>(grant, endpoints.grantFinalizeImage, { id: created.id }, {});
  performance.mark('save:done');
  return created.id;
}


/**
 * Heights of the strips an image is cut into for the library: one strip when it fits the pixel
 * limit, else as few equal strips as fit (a 40-viewport capture at DPR 2 is 2560 × 64,000 px,
 * 164 Mpx). Each strip is saved as one more part of the capture.
 */
export function stripHeights(width: number, height: number, maxPixels = MAX_IMAGE_PIXELS): number[] {
  const maxRows = Math.max(1, Math.floor(maxPixels / Math.max(1, width)));
  const n = Math.ceil(height / maxRows);
  const base = Math.ceil(height / n);
  return Array.from({ length: n }, (_, i) => Math.min(base, height - i * base));
}
