import { routes } from '#shared/api/routes';
import { sharesRepo } from '../adapters/shares-repo';
import { usersRepo } from '../adapters/users-repo';
import { removeShare } from '../images/lib/share-file';
import { defineHandler } from '../lib/define-handler';
import { notFound } from '../lib/errors';
import { audited, type ActionOutcome } from './lib/audit';

export const SHARE_REVOKED = 'Share link revoked.';

/** Removes one of the user's links; an unknown link (or another user's) is a 404, recorded too. */
export async function revokeUserShare(sub: string, shareId: string): Promise<ActionOutcome> {
  const [share, row] = await Promise.all([sharesRepo.findOwned(sub, shareId), usersRepo.get(sub)]);
  if (!share) throw notFound('This user has no share link with this id.');
  await removeShare(share);
  return {
    type: 'success', message: SHARE_REVOKED, targetEmail: row?.email ?? null,
    steps: [{ step: 'share', outcome: 'done', detail: `${share.shareId} of image ${share.imageId}` }],
  };
}

/** DELETE /admin/users/shares {cognitoSub, shareId}: staff revoke a link, recorded in the audit trail. */
export const handler = defineHandler(routes.adminRevokeUserShare, async ({ principal, body }) =>
  audited('revoke-share', principal, body.cognitoSub, () => revokeUserShare(body.cognitoSub, body.shareId)),
);
