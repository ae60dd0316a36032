/**
 * Checkout test flags (spec: the hashes #test, #limit and #nolimit add the flags quick_trial,
 * limit and no_limit to the session request). This module only reads them from the hash; what the
 * server does with them is in shared/rules/trial-eligibility.ts (docs/billing.md):
 *
 * - quick_trial: a 1-day trial instead of 7 days, for a customer who is eligible for a trial, and
 *   outside the `master` (production) environment only.
 * - limit, no_limit: accepted and recorded on the session, with no effect: one trial per customer
 *   is always the rule, and a client flag can shorten a trial but never grant one.
 */

/** The trial `quick_trial` gives instead of TRIAL_DAYS (shared/domain/premium-plan.ts). */
export const QUICK_TRIAL_DAYS = 1;

export interface CheckoutFlags {
  quick_trial?: boolean;
  limit?: boolean;
  no_limit?: boolean;
}

/** Which hash word sets which flag. */
const CHECKOUT_HASH_FLAGS = { test: 'quick_trial', limit: 'limit', nolimit: 'no_limit' } as const satisfies Record<
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
