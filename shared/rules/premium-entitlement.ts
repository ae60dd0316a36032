import type { LoginMessage } from '../domain/login-message';

/** Subscription statuses that still give Premium features (past_due keeps access while Stripe retries the card). */
export const PREMIUM_STATUSES: readonly string[] = ['trialing', 'active', 'past_due'];

/**
 * Whether a login message entitles its user to Premium tools: a live status and a period end
 * (`expires`, unix seconds) still in the future. Used by the extension and the website alike.
 */
export function isPremiumEntitled(
  login: Pick<LoginMessage, 'status' | 'expires'> | null | undefined,
  nowMs: number = Date.now(),
): boolean {
  if (!login || !login.status) return false;
  if (!PREMIUM_STATUSES.includes(login.status)) return false;
  return login.expires * 1000 > nowMs;
}
