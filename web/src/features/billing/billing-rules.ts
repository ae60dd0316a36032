import type { SubscriptionStatus } from '#shared/domain/subscription';

/** What the account page offers for a subscription status (second document, section 4). */
export type StatusAction = 'expired' | 'cancel' | 'auto-renew' | 'unknown';

const CANCELLABLE: readonly string[] = ['incomplete', 'incomplete_expired', 'trialing', 'past_due', 'unpaid'];

export function actionForStatus(status: SubscriptionStatus | string): StatusAction {
  if (status === 'canceled') return 'expired';
  if (status === 'active') return 'auto-renew';
  if (CANCELLABLE.includes(status)) return 'cancel';
  return 'unknown';
}

/** The cancel link's words: a trial is cancelled as a trial. */
export const cancelLabel = (status: string) => (status === 'trialing' ? 'Cancel trial' : 'Cancel subscription');

export const cancelConfirmText = (status: string) =>
  status === 'trialing'
    ? 'Cancel your free trial now? Premium features stop right away and you will not be charged.'
    : 'Cancel your subscription now? Premium features stop right away. Payments already made are not refunded.';
