import { TRIAL_DAYS } from '../domain/premium-plan';
import { QUICK_TRIAL_DAYS } from './checkout-flags';

/**
 * One free trial per customer. The server decides from the customer's history, never from the
 * client: a customer who ever had a subscription (Stripe's list for the customer, or the snapshot on
 * the user row — trialing, canceled or ended alike) starts paying at once. Without this, cancel then
 * checkout again gave a fresh 7-day trial forever. An earlier customer with the same e-mail counts
 * too (delete the account, sign up again: a new customer), see docs/billing.md.
 */
export interface TrialHistory {
  /** How many subscriptions Stripe lists for the customer, in any status. */
  stripeSubscriptions: number;
  /** The user row holds a subscription snapshot (the row keeps the last one, even when ended). */
  storedSubscription: boolean;
  /**
   * Subscriptions Stripe lists for other customers with the same e-mail (an account deleted and
   * made again under that address gets a new customer): the trial is per person, not per account.
   * Absent where it is not known (the account page's hint reads the row alone).
   */
  emailSubscriptions?: number;
}

export const isTrialEligible = (h: TrialHistory): boolean =>
  h.stripeSubscriptions === 0 && !h.storedSubscription && (h.emailSubscriptions ?? 0) === 0;

/**
 * Trial length for a checkout, or null for none (the plan is paid today). `quick_trial` (the spec's
 * `#test` switch) only shortens a trial the customer is eligible for, and only outside `master`
 * (production); `limit` and `no_limit` no longer change anything: neither can grant a trial.
 */
export function trialDaysFor(flags: { quick_trial?: boolean }, ctx: { env: string; eligible: boolean }): number | null {
  if (!ctx.eligible) return null;
  return flags.quick_trial && ctx.env !== 'master' ? QUICK_TRIAL_DAYS : TRIAL_DAYS;
}
