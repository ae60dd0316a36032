import type { Subscription } from '#shared/domain/subscription';
import { isActiveOrgAdmin } from '#shared/rules/membership';
import type { OrgRow } from '../../adapters/orgs-repo';
import type { UserRow } from '../../adapters/users-repo';
import { onOrgPlan } from '../../account/lib/account-view';
import { orgLinkOf } from '../../account/lib/load-account';
import { forbidden } from '../../lib/errors';

/** Whose subscription and card an account-page action changes: the user's own, or their organisation's. */
export type BillingOwner =
  | { type: 'user'; user: UserRow; customerId: string | undefined; subscription: Subscription | null }
  | { type: 'organization'; user: UserRow; org: OrgRow; customerId: string | undefined; subscription: Subscription | null };

export const ORG_MEMBER_REFUSAL = 'Contact your account administrator to make changes to this account.';
const NOT_ORG_ADMIN = "Only the organization's administrator can change its billing.";

/**
 * The billing owner for an action of `user`. A member of an organisation sees the organisation's
 * subscription: only its active admin may change it (spec, section 6); other members are refused.
 * `wanted` ('user' or 'organization', the card update's account_type) must match.
 */
export async function billingOwnerOf(user: UserRow, wanted?: 'user' | 'organization'): Promise<BillingOwner> {
  const link = await orgLinkOf(user);
  const isActiveAdmin = !!link && isActiveOrgAdmin(link.member);
  // A deactivated member holds no seat: what they change is their own (e.g. a Premium of their own).
  if (wanted === 'organization' || (wanted === undefined && onOrgPlan(link))) {
    if (!link) throw forbidden(NOT_ORG_ADMIN);
    if (!isActiveAdmin) throw forbidden(link.member.orgRole === 'admin' ? NOT_ORG_ADMIN : ORG_MEMBER_REFUSAL);
    return { type: 'organization', user, org: link.org, customerId: link.org.stripeCustomerId, subscription: link.org.subscription ?? null };
  }
  return { type: 'user', user, customerId: user.stripeCustomerId, subscription: user.subscription ?? null };
}

/** The hint `syncSubscription` needs to write the snapshot to the right row. */
export const syncHintOf = (owner: BillingOwner) =>
  owner.type === 'organization' ? { orgId: owner.org.orgId } : { userId: owner.user.userId };
