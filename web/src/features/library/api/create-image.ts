import { routes } from '#shared/api/routes';
import type { Image, ImagePart } from '#shared/domain/image';
import { apiCall } from '../../../lib/api-client';

export interface NewImage {
  title: string;
  notes: string;
  /** The source page address, if known. */
  urlLink?: string | null;
  /** The file's type; the upload URL is signed for it. */
  contentType: string;
  /** The file's size: a file that does not fit in the library's storage is refused at once (storage_full). */
  size?: number;
  /** One part of a split capture (Add from extension): the library keeps a set together and in order. */
  part?: ImagePart;
}

/** POST /images/ with title and notes: the pending image with its id and uploadUrl. */
export function createImage(input: NewImage): Promise<Image> {
  return apiCall(routes.createImage, { body: { ...input, title: input.title.trim(), urlLink: input.urlLink || null } });
}
