import { needsGrant, needsToken, type RouteDef } from '#shared/api/route';
import { usersRepo } from '../adapters/users-repo';
import { DomainError } from './errors';
import type { Principal } from './principal';

export const ACCOUNT_GONE_MESSAGE = 'This account no longer exists. Sign in again.';

/**
 * Routes that change something on behalf of a signed-in caller, and every staff route (their
 * reads show other people's personal data). An access token stays valid for up to an hour after a
 * staff delete (global sign-out only revokes refresh tokens), so these must not trust the token alone.
 * Upload grants likewise: a deleted user's grant writes nothing.
 */
export const writesAsAccount = (route: Pick<RouteDef, 'method' | 'caller'>): boolean =>
  (needsToken(route) || needsGrant(route)) && (route.method !== 'GET' || route.caller === 'staff');

/** Refuses a principal whose user row is gone (deleted) or not written yet: 401, nothing written. */
export async function assertAccountExists(principal: Principal): Promise<void> {
  if (!(await usersRepo.get(principal.userId))) throw new DomainError('unauthorized', ACCOUNT_GONE_MESSAGE);
}
