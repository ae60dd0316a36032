import type { ImageRow } from '../../adapters/images-repo';
import { isSlotExpired, shareSlots } from '../../adapters/share-slots';
import { isShareExpired, sharesRepo } from '../../adapters/shares-repo';

/** Active links one image may have: enough for any real use, few enough to list in one answer. */
export const MAX_SHARES_PER_IMAGE = 50;

/**
 * Takes one of the image's MAX_SHARES_PER_IMAGE slots for a new link (`until`: its expiry, 0 for
 * never), with a conditional write on the image row, so concurrent creates cannot pass the cap.
 * Slots of expired links are given back first; an image from before the slots gets them from its
 * live links. False when the image already has the most links.
 */
export async function takeShareSlot(image: ImageRow, shareId: string, until: number, nowSeconds: number): Promise<boolean> {
  const { userId, imageId } = image;
  if (image.shareLinks === undefined) {
    const live = (await sharesRepo.listByOwner(userId, imageId)).filter((s) => !isShareExpired(s, nowSeconds));
    await shareSlots.start(userId, imageId, Object.fromEntries(live.map((s) => [s.shareId, s.expiresAt ?? 0])));
  } else {
    const expired = Object.entries(image.shareLinks).filter(([, u]) => isSlotExpired(u, nowSeconds));
    await Promise.all(expired.map(([id]) => shareSlots.release(userId, imageId, id)));
  }
  return shareSlots.take(userId, imageId, shareId, until, MAX_SHARES_PER_IMAGE);
}

/** A link's row is gone (revoked by its owner or by staff): its slot is free again. */
export const releaseShareSlot = (share: { userId: string; imageId: string; shareId: string }) =>
  shareSlots.release(share.userId, share.imageId, share.shareId);
