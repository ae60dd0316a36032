import { isShareableContentType } from '#shared/domain/share-link';
import { imagesRepo, type ImageRow } from '../../adapters/images-repo';
import { isShareExpired, sharesRepo, type ShareRow } from '../../adapters/shares-repo';
import { hashSecretToken } from '../../lib/secret-token';

export type ShareLookup =
  | { kind: 'open'; share: ShareRow; image: ImageRow & { contentType: string } }
  /** Revoked, never issued, or its image is gone: one answer, so nothing tells them apart. */
  | { kind: 'gone' }
  | { kind: 'expired' }
  /** The stored type is not one of the library's image types: never served (content-type confusion). */
  | { kind: 'unservable' };

/**
 * What a presented token opens. Every well-formed token costs the same work up to the lookup:
 * its hash, then one GetItem keyed by that hash, so a row found is the token's own and nothing
 * about a token can be learnt from how fast it is refused.
 */
export async function findShare(token: string): Promise<ShareLookup> {
  const share = await sharesRepo.get(hashSecretToken(token));
  if (!share) return { kind: 'gone' };
  if (isShareExpired(share)) return { kind: 'expired' };
  const image = await imagesRepo.get(share.userId, share.imageId);
  if (!image || image.status !== 'ready') return { kind: 'gone' };
  if (!isShareableContentType(image.contentType)) return { kind: 'unservable' };
  return { kind: 'open', share, image: image as ImageRow & { contentType: string } };
}
