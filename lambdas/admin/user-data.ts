import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrgStatus } from '#shared/domain/account';
import { isConditionalCheckFailed, dynamo } from '../adapters/dynamo-client';
import { imagesRepo } from '../adapters/images-repo';
import { memberSk, ORG_SK, type MemberRow } from '../adapters/orgs-repo';
import { deleteObject } from '../adapters/s3-client';
import { stripe } from '../adapters/stripe-client';
import { imageKeys, UPLOAD_PREFIX } from '../images/image-keys';
import { tableName } from '../lib/config';

/**
 * The data-removal steps of an admin delete. Each is safe to run again: a second run finds less
 * to do and does not double-count (a member item that is already gone frees no seat).
 */

/** Member statuses that hold a seat (spec: used = active or invited members). */
const HOLDS_SEAT: readonly OrgStatus[] = ['active', 'invited'];

/** Stripe subscription states that still bill or may bill. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Cancels now every live subscription of the user's own Stripe customer (individual Premium;
 * organisation subscriptions belong to the org's customer and are not touched). The customer
 * record itself stays, for accounting. Answers the ids cancelled.
 */
export async function cancelIndividualSubscriptions(customerId: string): Promise<string[]> {
  const client = await stripe();
  const canceled: string[] = [];
  for await (const sub of client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
    if (ENDED.has(sub.status)) continue;
    await client.subscriptions.cancel(sub.id, { cancellation_details: { comment: 'Account deleted by staff' } });
    canceled.push(sub.id);
  }
  return canceled;
}

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
        const own = [...keys].filter((k) => typeof k === 'string' && (k.startsWith(`users/${userId}/`) || k.startsWith(`${UPLOAD_PREFIX}${userId}/`)));
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
  const table = tableName('orgs');
  let old: MemberRow | undefined;
  try {
    const r = await dynamo().send(
      new DeleteCommand({
        TableName: table, Key: { orgId: member.orgId, sk: memberSk(member.memberUserId) },
        ConditionExpression: 'attribute_exists(orgId)', ReturnValues: 'ALL_OLD',
      }),
    );
    old = r.Attributes as MemberRow | undefined;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return { seatFreed: false }; // already gone
    throw e;
  }
  if (!old || !HOLDS_SEAT.includes(old.orgStatus)) return { seatFreed: false };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table, Key: { orgId: member.orgId, sk: ORG_SK },
        ConditionExpression: 'attribute_exists(orgId) AND seatsUsed > :zero',
        UpdateExpression: 'SET seatsUsed = seatsUsed - :one, updated = :now',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': new Date().toISOString() },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) return { seatFreed: false }; // no org item, or the counter is already 0
    throw e;
  }
  return { seatFreed: true };
}
