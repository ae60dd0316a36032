import { routes } from '#shared/api/routes';
import { isValidImageText } from '#shared/rules/image-text';
import { apiCall } from '../../../lib/api-client';
import { toLibraryImage, type LibraryImage } from '../library-image';

export interface ImageEdit {
  id: string;
  title: string;
  notes: string;
}

/**
 * The Update button is disabled unless the edit has an id and passes the image text rule (a title;
 * notes optional), the same rule as the upload form and the API (shared/rules/image-text.ts).
 */
export const canSubmitImageEdit = (edit: ImageEdit): boolean => edit.id.trim() !== '' && isValidImageText(edit);

/** PUT /images/{id}/ with id, title, notes: the updated image. */
export async function updateImage(edit: ImageEdit): Promise<LibraryImage> {
  const image = await apiCall(routes.updateImage, { params: { id: edit.id }, body: { id: edit.id, title: edit.title.trim(), notes: edit.notes } });
  return toLibraryImage(image);
}
