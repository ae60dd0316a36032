import type { Image } from '#shared/domain/image';

/** An image as the library screen holds it: the API's image with its dates as Date objects (spec §7). */
export type LibraryImage = Omit<Image, 'created' | 'updated' | 'uploadUrl' | 'uploadFields'> & { created: Date; updated: Date };

export function toLibraryImage({ uploadUrl: _uploadUrl, uploadFields: _uploadFields, ...image }: Image): LibraryImage {
  return { ...image, created: new Date(image.created), updated: new Date(image.updated) };
}
