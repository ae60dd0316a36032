import type { SubscriptionStatus } from '#shared/domain/subscription';

/** What the account page offers for a subscription status (second document, section 4). */
export type StatusAction = 'expired' | 'cancel' | 'auto-renew' | 'unknown';

/**
 * One entry per status of the shared list, so a status Stripe adds is a compile error here. The
 * spec's table: canceled → expired; active → auto-renew toggle; incomplete, incomplete_expired,
 * trialing, past_due, unpaid → cancel link. It names no action for `paused`: logged as unknown.
 */
const ACTIONS: Record<SubscriptionStatus, StatusAction> = {
  canceled: 'expired',
  active: 'auto-renew',
  incomplete: 'cancel',
  incomplete_expired: 'cancel',
  trialing: 'cancel',
  past_due: 'cancel',
  unpaid: 'cancel',
  paused: 'unknown',
};

export function actionForStatus(status: SubscriptionStatus | string): StatusAction {
  return Object.hasOwn(ACTIONS, status) ? ACTIONS[status as SubscriptionStatus] : 'unknown';
}

/** The cancel link's words: a trial is cancelled as a trial. */
export const cancelLabel = (status: string) => (status === 'trialing' ? 'Cancel trial' : 'Cancel subscription');

export const cancelConfirmText = (status: string) =>
  status === 'trialing'
    ? 'Cancel your free trial now? Premium features stop right away and you will not be charged.'
    : 'Cancel your subscription now? Premium features stop right away. Payments already made are not refunded.';
