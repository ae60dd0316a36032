import type { Account } from '#shared/domain/account';
import type { Payment } from '#shared/domain/subscription';
import type { MemberRow, OrgRow } from '../adapters/orgs-repo';
import type { UserRow } from '../adapters/users-repo';

export interface OrgLink { org: OrgRow; member: MemberRow }

/** Only an active member holds a seat, and so the organisation's plan; a deactivated one does not. */
export const holdsSeat = (link: OrgLink | undefined): link is OrgLink => link?.member.orgStatus === 'active';

/**
 * One free trial per customer, as far as the stored row knows: the row keeps its last subscription
 * snapshot even when it ended. Checkout also asks Stripe (the row may lag a webhook behind).
 */
export const trialEligibleFromRow = (user: UserRow): boolean => !user.subscription;

/**
 * Builds the Account the clients see from the stored rows. An active member of an organisation
 * sees the organisation's subscription. A deactivated member holds no seat: they are an individual
 * again (their own subscription, card and checkout), and the organisation fields stay so the pages
 * can tell them that their seat was deactivated.
 */
export function toAccount(user: UserRow, link?: OrgLink, payments?: Payment[]): Account {
  const seat = holdsSeat(link) ? link : undefined;
  const subscription = seat ? (seat.org.subscription ?? null) : (user.subscription ?? null);
  return {
    userId: user.userId,
    customerId: seat ? (seat.org.stripeCustomerId ?? null) : (user.stripeCustomerId ?? null),
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
    card: seat ? (seat.member.orgRole === 'admin' ? (seat.org.card ?? null) : null) : (user.card ?? null),
    ...(payments ? { payments } : {}),
    ...(user.abTestV2 ? { abTestV2: user.abTestV2 } : {}),
    ...(seat ? {} : { trialEligible: trialEligibleFromRow(user) }),
    type: seat ? 'organization' : 'user',
  };
}
