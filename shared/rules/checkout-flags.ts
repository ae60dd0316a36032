/**
 * Checkout test flags (spec: the hashes #test, #limit and #nolimit add the flags quick_trial,
 * limit and no_limit to the session request). What the server does with them is this project's
 * choice (docs/billing.md):
 *
 * - quick_trial: a 1-day trial instead of 7 days, so a tester can watch a trial end the next day.
 *   Honoured outside the `master` (production) environment only; there it is ignored.
 * - limit: one free trial per customer: a customer who already had a subscription (any status)
 *   starts paying at once instead of getting another trial.
 * - no_limit: every checkout gets the trial (the default); it wins over `limit` when both are set.
 */

export const TRIAL_DAYS = 7;
export const QUICK_TRIAL_DAYS = 1;

export interface CheckoutFlags {
  quick_trial?: boolean;
  limit?: boolean;
  no_limit?: boolean;
}

/** Which hash word sets which flag. */
export const CHECKOUT_HASH_FLAGS = { test: 'quick_trial', limit: 'limit', nolimit: 'no_limit' } as const satisfies Record<
  string,
  keyof CheckoutFlags
>;

/**
 * The flags a location hash asks for: '#test' → {quick_trial: true}. Several may be combined
 * ('#test#limit', '#test,limit', '#test&nolimit'); unknown words are ignored, case does not matter.
 */
export function checkoutFlagsFromHash(hash: string | null | undefined): CheckoutFlags {
  const flags: CheckoutFlags = {};
  for (const word of (hash ?? '').toLowerCase().split(/[#,&;+\s]+/)) {
    const flag = (CHECKOUT_HASH_FLAGS as Record<string, keyof CheckoutFlags | undefined>)[word];
    if (flag) flags[flag] = true;
  }
  return flags;
}

/**
 * Trial length for a checkout, or null for no trial (pay now).
 * `env` is the deployment environment ('master' is production); `hadSubscriptionBefore` says
 * whether the customer ever had a subscription.
 */
export function checkoutTrialDays(flags: CheckoutFlags, ctx: { env: string; hadSubscriptionBefore: boolean }): number | null {
  if (flags.limit && !flags.no_limit && ctx.hadSubscriptionBefore) return null;
  if (flags.quick_trial && ctx.env !== 'master') return QUICK_TRIAL_DAYS;
  return TRIAL_DAYS;
}
