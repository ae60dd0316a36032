/** Checkout texts the spec quotes (sections 2, 5 and 8), in one place. */
export const checkoutMessages = {
  accountHeading: 'Creating an account is as easy as 1-2-3',
  paymentHeading: 'Enter billing information',
  alreadySubscribed: 'You already have a subscription',
  noSubscription: 'No subscription, please start a fresh checkout.',
  lookupFailed: 'Unable to lookup user subscription state',
  completionFailed: 'Unable to complete checkout. If this error persists, please contact support',
  trialNotePrefix: 'You can cancel at any time from the account page...',
  /** One free trial per customer: said before the payment page, so it never promises one wrongly. */
  noTrial: 'No free trial: you have had one before, so Premium starts today and the first year is paid now',
  paymentCanceled: 'Payment canceled',
  paymentCanceledText: 'Nothing was charged. You can go back to the secure payment page when you are ready.',
  continueToPayment: 'Continue to payment',
} as const;

/** Spec: 'Error missing sessionId (...)! Please contact the support address'; the parentheses hold what came back. */
export const missingSessionIdPrefix = (detail: string) => `Error missing sessionId (${detail})! Please contact `;
