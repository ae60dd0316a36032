import type { AbTestGroup } from '#shared/domain/account';
import { useOwnAccount } from '../../../lib/api-account';

/**
 * The account as checkout needs it (subscription state, trial eligibility and A/B group): the
 * shared account lookup, with the spec's retry while the account is being created — a user who
 * just signed up lands here first.
 */
export function useCheckoutAccount(userId: string | null | undefined, { enabled = true, group }: { enabled?: boolean; group?: AbTestGroup } = {}) {
  return useOwnAccount(userId, { enabled, includeAbTest: true, forceAbTestV2Group: group });
}
