import { hasSubscriptionEnded } from '#shared/domain/subscription';
import { holdsSeat } from '#shared/rules/seats';
import { imagesRepo } from '../../adapters/images-repo';
import { orgsRepo, type MemberRow } from '../../adapters/orgs-repo';
import { deleteObject } from '../../adapters/s3-client';
import { cancelSubscriptionNow, subscriptionsOfCustomer } from '../../adapters/stripe-customer';
import { imageKeys, userKeyPrefixes } from '../../images/lib/image-keys';
import { removeAllShares } from '../../images/lib/share-file';

/**
 * The data-removal steps of an admin delete. Each is safe to run again: a second run finds less
 * to do and does not double-count (a member item that is already gone frees no seat).
 */

/**
 * Cancels now every live subscription of the user's own Stripe customer (individual Premium;
 * organisation subscriptions belong to the org's customer and are not touched). The customer
 * record itself stays, for accounting. Answers the ids cancelled.
 */
export async function cancelIndividualSubscriptions(customerId: string): Promise<string[]> {
  const canceled: string[] = [];
  for await (const sub of subscriptionsOfCustomer(customerId)) {
    if (hasSubscriptionEnded(sub.status)) continue;
    await cancelSubscriptionNow(sub.id, 'Account deleted by staff');
    canceled.push(sub.id);
  }
  return canceled;
}

/** Deletes every share link of the user (their pages answer "revoked" from then on); the count removed. */
export const removeShares = (userId: string): Promise<number> => removeAllShares(userId);

/**
 * Deletes the user's image objects (the upload, original and thumbnail of the image library's key
 * layout, and whatever keys the row names) and then each image row.
 */
export async function removeImages(userId: string): Promise<{ removed: number; failed: number }> {
  const rows = await imagesRepo.list(userId);
  let removed = 0;
  let failed = 0;
  // A few at a time: enough to be quick, few enough not to be throttled.
  for (let i = 0; i < rows.length; i += 8) {
    const batch = rows.slice(i, i + 8);
    const results = await Promise.allSettled(
      batch.map(async (row) => {
        const keys = new Set([...Object.values(imageKeys(userId, row.imageId)), row.objectKey, row.thumbKey]);
        // Keys always live under the owner's prefixes; anything else is not ours to delete.
        const prefixes = userKeyPrefixes(userId);
        const own = [...keys].filter((k): k is string => typeof k === 'string' && prefixes.some((p) => k.startsWith(p)));
        await Promise.all(own.map((k) => deleteObject(k)));
        await imagesRepo.remove(userId, row.imageId);
      }),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') removed++;
      else failed++;
    }
  }
  return { removed, failed };
}

/**
 * Removes the user's member item from an organisation and frees its seat. The item is deleted
 * first (a conditional delete tells whether this run removed it); only then is the org's counter
 * decremented, with a condition that keeps it from going below zero. If the decrement fails the
 * count stays one too high: never more members than seats.
 */
export async function leaveOrganisation(member: MemberRow): Promise<{ seatFreed: boolean }> {
  const old = await orgsRepo.deleteMember(member.orgId, member.memberUserId);
  if (!old || !holdsSeat(old.orgStatus)) return { seatFreed: false }; // already gone, or held no seat
  // False when there is no org item or its counter is already 0.
  return { seatFreed: await orgsRepo.releaseSeats(member.orgId, 1) };
}
