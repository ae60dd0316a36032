/** Account-page billing texts the specs quote, in one place. */
export const billingMessages = {
  cancelFailed: 'Error encountered canceling subscription, please try again. Contact support if the problem persists.',
  renewFailed: 'Error encountered updating your subscription renew status, please try again. Contact support if the problem persists.',
  cardUpdated: 'Card updated!',
  expired: 'Your Premium subscription has expired.',
  /** Right after a deliberate cancel (the expired message is for a plan that ran out). */
  trialCancelled: 'Your free trial was cancelled, so Premium has ended.',
  subscriptionCancelled: 'Your Premium subscription was cancelled.',
} as const;

/** Spec (second document, section 8): the alert after a failed subscription or auto-renew update. */
export const updateFailedPrefix = 'Error updating. Please refresh the page and try again. If this problem persists, contact ';

/** Spec: 'Card updated!' shows for 2000 ms. */
export const CARD_UPDATED_MS = 2000;
