import { routes } from '#shared/api/routes';
import type { CreatedShareLink, ShareExpiry, ShareLink } from '#shared/domain/share-link';
import { apiCall } from '../../../lib/api-client';

/** POST /images/{id}/shares {expiry}: a new link; its URL is shown this once. */
export const createShareLink = (imageId: string, expiry: ShareExpiry): Promise<CreatedShareLink> =>
  apiCall(routes.createShareLink, { params: { id: imageId }, body: { expiry } });

/** GET /images/{id}/shares: the image's active links, newest first. */
export async function listShareLinks(imageId: string, signal?: AbortSignal): Promise<ShareLink[]> {
  return (await apiCall(routes.listShareLinks, { params: { id: imageId }, signal })).shares;
}

/** DELETE /images/{id}/shares/{shareId}. */
export async function revokeShareLink(imageId: string, shareId: string): Promise<void> {
  await apiCall(routes.revokeShareLink, { params: { id: imageId, shareId } });
}
