import { MAX_IMAGE_BYTES } from '#shared/domain/image';
import { ApiClientError } from '../../../lib/api-client';
import type { LibraryImage } from '../library-image';
import { createImage } from './create-image';
import { deleteImage } from './delete-image';
import { finalizeImage } from './finalize-image';

/** Spec §5: only files whose type begins with image/ are taken; anything else is ignored. */
export const isImageFile = (file: Pick<File, 'type'>): boolean => file.type.startsWith('image/');

export const TOO_LARGE_MESSAGE = `This file is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB, the most the library accepts.`;
export const isTooLarge = (file: File) => file.size > MAX_IMAGE_BYTES;

/** PUT the raw file to the presigned URL, with the content type the URL was signed for. */
async function putFile(uploadUrl: string, file: File, signal?: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: file, signal });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiClientError(0, 'network', 'The file could not be uploaded. Check your connection and try again.');
  }
  if (!res.ok) throw new ApiClientError(res.status, 'upload_failed', `The file could not be uploaded (${res.status}).`);
}

/**
 * The whole upload (spec §7): create the image (title, notes) → PUT the file to its uploadUrl →
 * finalise. If the PUT or the finalise step fails, the pending image is deleted (best effort) so
 * no half-made entry stays behind.
 */
export async function uploadImage(
  file: File,
  details: { title: string; notes: string; urlLink?: string | null },
  signal?: AbortSignal,
): Promise<LibraryImage> {
  const created = await createImage({ ...details, contentType: file.type });
  try {
    if (!created.uploadUrl) throw new ApiClientError(500, 'internal', 'The server sent no upload address.');
    await putFile(created.uploadUrl, file, signal);
    return await finalizeImage(created.id);
  } catch (e) {
    // A refused file is already gone on the server (404 then); anything else is cleaned up here.
    deleteImage(created.id).catch(() => {});
    throw e;
  }
}
