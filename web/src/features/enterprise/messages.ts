import type { MemberAction } from '#shared/domain/organization';

/** Spec 000, section 8: a failed member action. */
export const actionFailedTitle = (action: string) => `Unable to ${action}.`;
export const ACTION_FAILED_MESSAGE = 'Please retry later or contact us at the support address if the problem persists';

/** Button labels of the member actions (spec, section 4). */
export const actionLabels: Record<MemberAction, string> = {
  resend: 'Resend',
  delete: 'Delete',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
};

/** The action words used in 'Unable to {action}.' */
export const actionVerbs: Record<MemberAction | 'invite', string> = {
  resend: 'resend',
  delete: 'delete',
  deactivate: 'deactivate',
  reactivate: 'reactivate',
  invite: 'invite',
};

/** Why Reactivate is disabled: reactivating takes a seat and none is free. */
export const NO_FREE_SEAT_REASON = 'No free seat: add seats or deactivate another member';

export const NO_PAYMENT_HISTORY = 'No payment history.';
