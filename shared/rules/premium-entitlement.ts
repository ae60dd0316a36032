import type { LoginMessage } from '../domain/login-message';
import { unlocksPremiumTools } from '../domain/subscription-status';

/**
 * Whether a login message entitles its user to Premium tools: a status that unlocks the tools and a period end
 * (`expires`, unix seconds) still in the future. Used by the extension and the website alike.
 */
export function isPremiumEntitled(
  login: Pick<LoginMessage, 'status' | 'expires'> | null | undefined,
  nowMs: number = Date.now(),
): boolean {
  if (!login || !login.status) return false;
  if (!unlocksPremiumTools(login.status)) return false;
  return login.expires * 1000 > nowMs;
}
