import type { Account } from '#shared/domain/account';
import type { Payment } from '#shared/domain/subscription';
import type { MemberRow, OrgRow } from '../../adapters/orgs-repo';
import type { UserRow } from '../../adapters/users-repo';

export interface OrgLink { org: OrgRow; member: MemberRow }

/**
 * Whether the user is on the organisation's plan (its subscription, card and billing): only as an
 * active member. Not the seat rule: an invited member holds a seat (shared/rules/seats.ts
 * `holdsSeat`) but is not on the plan until they join; a deactivated one is neither.
 */
export const onOrgPlan = (link: OrgLink | undefined): link is OrgLink => link?.member.orgStatus === 'active';

/**
 * One free trial per customer, as far as the stored row knows: the row keeps its last subscription
 * snapshot even when it ended. Checkout also asks Stripe (the row may lag a webhook behind).
 */
const trialEligibleFromRow = (user: UserRow): boolean => !user.subscription;

/**
 * Builds the Account the clients see from the stored rows. An active member of an organisation
 * sees the organisation's subscription. A deactivated member holds no seat: they are an individual
 * again (their own subscription, card and checkout), and the organisation fields stay so the pages
 * can tell them that their seat was deactivated.
 */
export function toAccount(user: UserRow, link?: OrgLink, payments?: Payment[]): Account {
  const viaOrg = onOrgPlan(link) ? link : undefined;
  const subscription = viaOrg ? (viaOrg.org.subscription ?? null) : (user.subscription ?? null);
  return {
    userId: user.userId,
    customerId: viaOrg ? (viaOrg.org.stripeCustomerId ?? null) : (user.stripeCustomerId ?? null),
    stripe_customer: user.stripeCustomerId ?? null,
    orgId: link?.org.orgId ?? null,
    orgName: link?.org.name ?? null,
    orgRole: link?.member.orgRole ?? null,
    orgStatus: link?.member.orgStatus ?? null,
    orgAdminEmail: link?.org.adminEmail ?? null,
    email: user.email,
    isStaff: user.isStaff ?? false,
    status: subscription?.status ?? null,
    subscription,
    // The organisation's card is its admin's business; members see none.
    card: viaOrg ? (viaOrg.member.orgRole === 'admin' ? (viaOrg.org.card ?? null) : null) : (user.card ?? null),
    ...(payments ? { payments } : {}),
    ...(user.abTestV2 ? { abTestV2: user.abTestV2 } : {}),
    ...(viaOrg ? {} : { trialEligible: trialEligibleFromRow(user) }),
    type: viaOrg ? 'organization' : 'user',
  };
}
