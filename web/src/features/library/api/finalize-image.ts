import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';
import { toLibraryImage, type LibraryImage } from '../library-image';

/** POST /images/{id}/ with an empty body: the server checks the upload, makes the thumbnail and returns the image. */
export async function finalizeImage(id: string): Promise<LibraryImage> {
  return toLibraryImage(await apiCall(routes.finalizeImage, { params: { id }, body: {} }));
}
