import type { ResponseOf, RouteDef } from '#shared/api/route';
import { defineHandler, type HandlerInput } from './define-handler';
import type { Principal } from './principal';
import { userOfGrant } from './grant-guard';

/**
 * The principal of an upload-grant call: the grant's user, with no groups (a grant never acts as
 * staff), or undefined for a missing, malformed, unknown, revoked or expired grant (401).
 */
async function principalOfGrant(token: string | undefined): Promise<Principal | undefined> {
  const userId = await userOfGrant(token);
  return userId ? { userId, groups: [], isStaff: false } : undefined;
}

/** `defineHandler` for an 'upload-grant' route: the same chain, with the caller taken from the `x-upload-grant` header. */
export function defineGrantHandler<R extends RouteDef & { caller: 'upload-grant' }>(route: R, fn: (input: HandlerInput<R>) => Promise<ResponseOf<R>>) {
  return defineHandler(route, fn, principalOfGrant);
}
