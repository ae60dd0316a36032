import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';

/** DELETE /images/{id}/ with a body holding id. */
export async function deleteImage(id: string): Promise<void> {
  await apiCall(routes.deleteImage, { params: { id }, body: { id } });
}
