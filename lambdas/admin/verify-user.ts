import { routes } from '#shared/api/routes';
import { cognitoAdmin } from '../adapters/cognito-admin';
import { defineHandler } from '../lib/define-handler';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { audited, type ActionOutcome, type AuditStep } from './lib/audit';

const failure = (e: unknown) => (e instanceof Error ? e.name : 'Error');

/**
 * Confirms the user (AdminConfirmSignUp when UNCONFIRMED, which also runs the PostConfirmation
 * trigger that creates the user row) and marks the e-mail verified. Already done: a success that
 * says so. A Cognito failure is answered as type 'error' with what was and was not done.
 */
export async function verifyUser(sub: string): Promise<ActionOutcome> {
  const user = await cognitoAdmin.findBySub(sub);
  if (!user) throw notFound('No Cognito user has this sub.');
  const targetEmail = user.attributes.email ?? null;
  const steps: AuditStep[] = [];
  let confirmed = false;

  if (user.userStatus === 'UNCONFIRMED') {
    try {
      await cognitoAdmin.confirmSignUp(user.username);
      steps.push({ step: 'confirm', outcome: 'done' });
      confirmed = true;
    } catch (e) {
      logger.warn('admin verify: confirm failed', { error: e as Error });
      steps.push({ step: 'confirm', outcome: 'failed', detail: failure(e) });
      return { type: 'error', message: `The sign-up could not be confirmed (${failure(e)}).`, targetEmail, steps };
    }
  } else {
    // CONFIRMED needs nothing; other states (FORCE_CHANGE_PASSWORD, EXTERNAL_PROVIDER…) cannot be confirmed.
    steps.push({ step: 'confirm', outcome: 'skipped', detail: user.userStatus });
  }

  const email = user.attributes.email;
  if (!email) {
    steps.push({ step: 'email_verified', outcome: 'skipped', detail: 'no e-mail attribute' });
  } else if (user.attributes.email_verified !== 'true') {
    try {
      await cognitoAdmin.setVerifiedEmail(user.username, email);
      steps.push({ step: 'email_verified', outcome: 'done' });
    } catch (e) {
      logger.warn('admin verify: email_verified failed', { error: e as Error });
      steps.push({ step: 'email_verified', outcome: 'failed', detail: failure(e) });
      const done = confirmed ? 'The user was confirmed, but the' : 'The';
      return { type: 'error', message: `${done} e-mail could not be marked verified (${failure(e)}).`, targetEmail, steps };
    }
  } else {
    steps.push({ step: 'email_verified', outcome: 'skipped', detail: 'already verified' });
  }

  const changed = steps.some((s) => s.outcome === 'done');
  const base = changed ? 'User verified.' : 'User was already verified.';
  const left = user.userStatus !== 'UNCONFIRMED' && user.userStatus !== 'CONFIRMED' ? ` Status ${user.userStatus} was left as it is.` : '';
  return { type: 'success', message: base + left, targetEmail, steps };
}

/** POST /admin/users/verify {cognitoSub}: audited. */
export const handler = defineHandler(routes.adminVerifyUser, async ({ principal, body }) =>
  audited('verify', principal, body.cognitoSub, () => verifyUser(body.cognitoSub)),
);
