import type { Principal } from './principal';
import { userOfGrant } from './upload-grant';

/**
 * The principal of an upload-grant call: the grant's user, with no groups (a grant never acts as
 * staff), or undefined for a missing, malformed, unknown, revoked or expired grant (401).
 */
export async function principalOfGrant(token: string | undefined): Promise<Principal | undefined> {
  const userId = await userOfGrant(token);
  return userId ? { userId, groups: [], isStaff: false } : undefined;
}
