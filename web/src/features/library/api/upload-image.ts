import { MAX_IMAGE_BYTES } from '#shared/domain/image';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { ApiClientError } from '../../../lib/api-client';
import type { LibraryImage } from '../library-image';
import { createImage, type NewImage } from './create-image';
import { deleteImage } from './delete-image';
import { finalizeImage } from './finalize-image';

/** Spec §5: only files whose type begins with image/ are taken; anything else is ignored. */
export const isImageFile = (file: Pick<File, 'type'>): boolean => file.type.startsWith('image/');

export const TOO_LARGE_MESSAGE = `This file is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB, the most the library accepts.`;
export const isTooLarge = (file: File) => file.size > MAX_IMAGE_BYTES;
/** S3 refused a file under 25 MB for its size: the form was capped at the storage left (docs/images.md), which shrank meanwhile. */
export const NO_ROOM_MESSAGE = 'This file does not fit in the storage your library has left. Delete images to make room, then try again.';

/** POST the file with the presigned form's fields; S3 refuses it if it breaks the signed policy. */
async function postFile(uploadUrl: string, fields: Record<string, string>, file: File, signal?: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch(uploadUrl, { method: 'POST', body: imageUploadForm(fields, file), signal });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiClientError(0, 'network', 'The file could not be uploaded. Check your connection and try again.');
  }
  if (res.status === 400 && (await res.text().catch(() => '')).includes('EntityTooLarge')) {
    if (isTooLarge(file)) throw new ApiClientError(413, 'payload_too_large', TOO_LARGE_MESSAGE);
    throw new ApiClientError(413, 'storage_full', NO_ROOM_MESSAGE);
  }
  if (!res.ok) throw new ApiClientError(res.status, 'upload_failed', `The file could not be uploaded (${res.status}).`);
}

/**
 * The whole upload (spec §7): create the image (title, notes) → send the file to its uploadUrl →
 * finalise. The spec PUTs the file; here it is a presigned POST form, because only its policy can
 * limit the size (docs/images.md). If the upload or the finalise step fails, the pending image is
 * deleted (best effort) so no half-made entry stays behind.
 */
export async function uploadImage(
  file: File,
  details: Pick<NewImage, 'title' | 'notes' | 'urlLink' | 'part'>,
  signal?: AbortSignal,
): Promise<LibraryImage> {
  // The size lets the server refuse a file that does not fit before anything is stored (storage_full).
  const created = await createImage({ ...details, contentType: file.type, size: file.size || undefined });
  try {
    if (!created.uploadUrl || !created.uploadFields) throw new ApiClientError(500, 'internal', 'The server sent no upload address.');
    await postFile(created.uploadUrl, created.uploadFields, file, signal);
    return await finalizeImage(created.id);
  } catch (e) {
    // A refused file is already gone on the server (404 then); anything else is cleaned up here.
    deleteImage(created.id).catch(() => {});
    throw e;
  }
}
