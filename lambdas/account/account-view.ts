import type { Account } from '#shared/domain/account';
import type { Payment } from '#shared/domain/subscription';
import type { MemberRow, OrgRow } from '../adapters/orgs-repo';
import type { UserRow } from '../adapters/users-repo';

export interface OrgLink { org: OrgRow; member: MemberRow }

/**
 * Builds the Account the clients see from the stored rows. A member of an organisation sees the
 * organisation's subscription; everyone else their own.
 */
export function toAccount(user: UserRow, link?: OrgLink, payments?: Payment[]): Account {
  // Only active members hold a seat, so only they get the organisation's plan.
  const subscription = link
    ? link.member.orgStatus === 'active' ? (link.org.subscription ?? null) : null
    : (user.subscription ?? null);
  return {
    userId: user.userId,
    customerId: link ? (link.org.stripeCustomerId ?? null) : (user.stripeCustomerId ?? null),
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
    card: link ? (link.member.orgRole === 'admin' ? (link.org.card ?? null) : null) : (user.card ?? null),
    ...(payments ? { payments } : {}),
    ...(user.abTestV2 ? { abTestV2: user.abTestV2 } : {}),
    type: link ? 'organization' : 'user',
  };
}
