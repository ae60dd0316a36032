import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';
import { toLibraryImage, type LibraryImage } from '../library-image';

export interface ImageEdit {
  id: string;
  title: string;
  notes: string;
}

/** Spec §5: the Update button is disabled unless id, title and notes are all non-empty. */
export const canSubmitImageEdit = (edit: ImageEdit): boolean =>
  edit.id.trim() !== '' && edit.title.trim() !== '' && edit.notes.trim() !== '';

/** PUT /images/{id}/ with id, title, notes: the updated image. */
export async function updateImage(edit: ImageEdit): Promise<LibraryImage> {
  const image = await apiCall(routes.updateImage, { params: { id: edit.id }, body: { id: edit.id, title: edit.title.trim(), notes: edit.notes } });
  return toLibraryImage(image);
}
