import { routes } from '#shared/api/routes';
import { cognitoAdmin } from '../adapters/cognito-admin';
import { imagesRepo } from '../adapters/images-repo';
import { orgsRepo } from '../adapters/orgs-repo';
import { usersRepo } from '../adapters/users-repo';
import { defineHandler } from '../lib/define-handler';
import { DomainError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import type { Principal } from '../lib/principal';
import { audited, type ActionOutcome, type AuditStep } from './lib/audit';
import { cancelIndividualSubscriptions, leaveOrganisation, removeImages, removeShares } from './lib/user-data';
import { revokeGrants } from '../lib/grant-guard';

const failure = (e: unknown) => (e instanceof Error ? e.name : 'Error');

export const DELETE_SELF_REFUSED = 'You cannot delete your own account from the admin tool.';
export const DELETE_ORG_ADMIN_REFUSED =
  'This user is the administrator of an organisation. Re-assign the organisation admin (enterprise support) before deleting the user.';

/**
 * Deletes a user, in an order that keeps a consistent state when a step fails:
 *
 * 1. cancel the user's own (non-org) Stripe subscriptions: if that fails nothing else is touched,
 *    so nobody is left billed without an account;
 * 2. sign the user out everywhere and delete the Cognito user: from here on they cannot sign in;
 * 3. delete their share links, their images (objects, then rows) and their member items (freeing the seats);
 * 4. delete the user row last, and only when 3 went through, so a partial delete can still be
 *    found by userId and simply run again.
 *
 * Stripe customers stay, for accounting. Organisation admins are refused: the organisation would
 * be left without one.
 */
export async function deleteUser(sub: string, actor: Principal): Promise<ActionOutcome> {
  if (sub === actor.userId) throw new DomainError('conflict', DELETE_SELF_REFUSED);
  const [cognitoUser, row, memberships, images] = await Promise.all([
    cognitoAdmin.findBySub(sub),
    usersRepo.get(sub),
    orgsRepo.membershipsOf(sub),
    imagesRepo.list(sub),
  ]);
  if (!cognitoUser && !row && memberships.length === 0 && images.length === 0) {
    throw notFound('No user with this sub in Cognito or DynamoDB.');
  }
  if (memberships.some((m) => m.orgRole === 'admin' && m.orgStatus !== 'archived')) {
    throw new DomainError('conflict', DELETE_ORG_ADMIN_REFUSED);
  }
  const targetEmail = row?.email ?? cognitoUser?.attributes.email ?? null;
  const steps: AuditStep[] = [];
  const stop = (message: string): ActionOutcome => ({ type: 'error', message, targetEmail, steps });

  // 1. Stripe: individual subscriptions only.
  if (row?.stripeCustomerId) {
    try {
      const canceled = await cancelIndividualSubscriptions(row.stripeCustomerId);
      steps.push({ step: 'stripe', outcome: canceled.length ? 'done' : 'skipped', detail: canceled.length ? `canceled ${canceled.join(', ')}` : 'no live subscription' });
    } catch (e) {
      logger.warn('admin delete: stripe failed', { error: e as Error });
      steps.push({ step: 'stripe', outcome: 'failed', detail: failure(e) });
      return stop(`The Stripe subscription could not be canceled (${failure(e)}); nothing was deleted.`);
    }
  } else {
    steps.push({ step: 'stripe', outcome: 'skipped', detail: 'no Stripe customer on the user row' });
  }

  // 2. Cognito: sign-out is best effort (it only revokes refresh tokens); the delete must succeed.
  if (cognitoUser) {
    try {
      await cognitoAdmin.globalSignOut(cognitoUser.username);
    } catch (e) {
      logger.info('admin delete: global sign-out not done', { error: failure(e) });
    }
    try {
      await cognitoAdmin.deleteUser(cognitoUser.username);
      steps.push({ step: 'cognito', outcome: 'done' });
    } catch (e) {
      logger.warn('admin delete: cognito failed', { error: e as Error });
      steps.push({ step: 'cognito', outcome: 'failed', detail: failure(e) });
      const before = steps.some((s) => s.step === 'stripe' && s.outcome === 'done') ? 'The subscription was canceled, but the' : 'The';
      return stop(`${before} Cognito user could not be deleted (${failure(e)}); the user's data was kept.`);
    }
  } else {
    steps.push({ step: 'cognito', outcome: 'skipped', detail: 'no Cognito user' });
  }

  // 3. Share links (first: none may outlive the account), upload grants, images and organisation memberships.
  const problems: string[] = [];
  /** A step that removes what `run` counts: done with the count, skipped at none, a problem if it fails. */
  const removal = async (step: AuditStep['step'], run: () => Promise<number>, verb: string, problem: string) => {
    try {
      const n = await run();
      steps.push({ step, outcome: n ? 'done' : 'skipped', detail: n ? `${n} ${verb}` : 'none' });
    } catch (e) {
      steps.push({ step, outcome: 'failed', detail: failure(e) });
      problems.push(problem);
    }
  };
  await removal('shares', () => removeShares(sub), 'removed', 'the share links could not be deleted');
  // The extension's upload grants: refused by the account guard once the row is gone, but none is kept.
  await removal('grants', () => revokeGrants(sub), 'revoked', 'the upload grants could not be revoked');
  if (images.length) {
    try {
      const r = await removeImages(sub);
      steps.push({ step: 'images', outcome: r.failed ? 'failed' : 'done', detail: `${r.removed} removed${r.failed ? `, ${r.failed} failed` : ''}` });
      if (r.failed) problems.push(`${r.failed} image(s) could not be deleted`);
    } catch (e) {
      steps.push({ step: 'images', outcome: 'failed', detail: failure(e) });
      problems.push('the images could not be deleted');
    }
  } else {
    steps.push({ step: 'images', outcome: 'skipped', detail: 'none' });
  }
  for (const m of memberships) {
    try {
      const r = await leaveOrganisation(m);
      steps.push({ step: 'org', outcome: 'done', detail: `${m.orgId}${r.seatFreed ? ', seat freed' : ''}` });
    } catch (e) {
      steps.push({ step: 'org', outcome: 'failed', detail: `${m.orgId}: ${failure(e)}` });
      problems.push(`the membership of ${m.orgId} could not be removed`);
    }
  }
  if (memberships.length === 0) steps.push({ step: 'org', outcome: 'skipped', detail: 'no membership' });

  // 4. The user row, last.
  if (problems.length) {
    steps.push({ step: 'userRow', outcome: 'skipped', detail: 'kept so the delete can be run again' });
    return stop(`The user can no longer sign in, but ${problems.join(' and ')}. Run Delete again to finish.`);
  }
  if (row) {
    try {
      await usersRepo.remove(sub);
      steps.push({ step: 'userRow', outcome: 'done' });
    } catch (e) {
      steps.push({ step: 'userRow', outcome: 'failed', detail: failure(e) });
      return stop(`The user can no longer sign in, but the user row could not be deleted (${failure(e)}). Run Delete again to finish.`);
    }
  } else {
    steps.push({ step: 'userRow', outcome: 'skipped', detail: 'no user row' });
  }
  return { type: 'success', message: 'User deleted.', targetEmail, steps };
}

/** DELETE /admin/users/delete {cognitoSub}: audited; partial failures answer type 'error' with what is left. */
export const handler = defineHandler(routes.adminDeleteUser, async ({ principal, body }) =>
  audited('delete', principal, body.cognitoSub, () => deleteUser(body.cognitoSub, principal)),
);
