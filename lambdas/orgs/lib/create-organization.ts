import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import * as z from 'zod';
import { hasSubscriptionEnded } from '#shared/domain/subscription';
import { cognitoAdmin, subOf } from '../../adapters/cognito-admin';
import { sendEmail } from '../../adapters/email';
import { memberSk, ORG_SK, orgsRepo, type MemberRow, type OrgRow } from '../../adapters/orgs-repo';
import { attachPaymentMethod, createOrgCustomer, setCustomerDefaultPaymentMethod } from '../../adapters/stripe-customer';
import { createSubscription, listCustomerSubscriptions } from '../../adapters/stripe-subscriptions';
import { usersRepo, type UserRow } from '../../adapters/users-repo';
import { syncSubscription } from '../../billing/lib/sync-subscription';
import { config } from '../../lib/config';
import { belongsToAnotherOrg } from './org-access';
import { cognitoHoldersOf, rowIsVerifiedHolder, temporaryPassword } from './cognito-accounts';

/**
 * Creating an organisation (operators, `npm run org:create`; see docs/enterprise.md): the admin's
 * account (made if missing, with a temporary password e-mailed to them), the org item and the
 * admin's member item, the admin's user row linked to the org, a Stripe customer for the org and
 * an Enterprise subscription with the seats as its quantity (metadata `orgId`, so webhooks keep
 * the org's snapshot current).
 *
 * Running it again for the same admin and name finishes a creation that stopped half-way (the
 * Stripe calls carry idempotency keys derived from the org id) instead of making a second org.
 */

export const CreateOrganizationInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  adminEmail: z.string().trim().toLowerCase().email('admin must be an e-mail address').max(254),
  seats: z.number().int('seats must be a whole number').min(1, 'seats must be at least 1').max(100_000),
  /**
   * A payment method to charge automatically (attached and made the customer's default); in test
   * mode `pm_card_visa`. Without one the organisation is invoiced (`send_invoice`).
   */
  paymentMethod: z.string().min(3).max(255).optional(),
  /** Payment terms of invoiced organisations. */
  daysUntilDue: z.number().int().min(1).max(365).default(30),
});
export type CreateOrganizationInput = z.input<typeof CreateOrganizationInput>;

export interface CreatedOrganization {
  orgId: string;
  name: string;
  seats: number;
  adminEmail: string;
  adminUserId: string;
  /** The admin's account was made now (a temporary password was e-mailed). */
  adminCreated: boolean;
  stripeCustomerId: string;
  subscriptionId: string;
  subscriptionStatus: string;
  collection: 'charge_automatically' | 'send_invoice';
  /** An earlier, unfinished run for the same admin and name was completed. */
  resumed: boolean;
}

type Log = (line: string) => void;

const newOrgId = () => `org_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

function adminWelcomeEmail(to: string, orgName: string, password: string) {
  const site = config.siteUrl();
  return {
    to,
    kind: 'org-admin-account',
    subject: `Your Full Page Shot Enterprise account for ${orgName}`,
    text: [
      `An Enterprise account was set up for ${orgName}, with you as its administrator.`,
      '',
      `Sign in at ${site}/auth/signin with this e-mail address and the temporary password:`,
      password,
      '',
      'You will be asked to choose your own password. The temporary password expires in 7 days.',
      `Then invite your team from ${site}/enterprise/account/members.`,
    ].join('\n'),
  };
}

const unverifiedAdmin = (email: string) => new Error(
  `${email} is named by an account that has not verified it. The owner of the address must confirm it (or staff delete that account) before an organization can be created for it.`,
);

/**
 * The admin's user row: the existing account whose verified e-mail this is, or a new Cognito user
 * with a temporary password. An address someone named without proving it never becomes an admin.
 */
async function adminAccount(email: string, orgName: string, log: Log): Promise<{ user: UserRow; created: boolean }> {
  const [row, holders] = await Promise.all([usersRepo.findByEmail(email), cognitoHoldersOf(email)]);
  if (row) {
    if (rowIsVerifiedHolder(row.userId, holders)) return { user: row, created: false };
    throw unverifiedAdmin(email);
  }
  const now = new Date().toISOString();
  const existing = holders.verified;
  let sub: string;
  let created = false;
  if (existing) {
    // A verified Cognito user without a row (e.g. the PostConfirmation trigger failed): give it its row.
    sub = subOf(existing);
  } else if (holders.unverified) {
    throw unverifiedAdmin(email);
  } else {
    const password = temporaryPassword();
    sub = (await cognitoAdmin.createUser(email, password)).sub;
    created = true;
    await sendEmail(adminWelcomeEmail(email, orgName, password));
    log(`Created the Cognito user ${email}; the temporary password was e-mailed to them.`);
  }
  await usersRepo.createIfAbsent({ userId: sub, email, loginMethod: 'email', created: now, updated: now });
  const user = await usersRepo.get(sub);
  if (!user) throw new Error(`The user row of ${email} could not be written.`);
  return { user, created };
}

/** The org to finish (same admin, same name, not done yet), or undefined to make a new one. */
async function unfinishedOrgOf(user: UserRow, name: string): Promise<OrgRow | undefined> {
  if (!user.orgId) return undefined;
  const org = await orgsRepo.getOrg(user.orgId);
  if (org && org.adminUserId === user.userId && org.name === name) return org;
  if (await belongsToAnotherOrg(user, '')) {
    throw new Error(`${user.email} already belongs to organization ${user.orgId}${org ? ` (${org.name})` : ''}.`);
  }
  return undefined;
}

async function writeOrg(orgId: string, name: string, seats: number, user: UserRow): Promise<OrgRow> {
  const now = new Date().toISOString();
  const org: OrgRow = {
    orgId, sk: ORG_SK, name, seats, seatsUsed: 1, adminEmail: user.email, adminUserId: user.userId,
    subscription: null, created: now, updated: now,
  };
  if (!(await orgsRepo.createOrg(org))) throw new Error(`Organization id ${orgId} is taken; run the command again.`);
  const admin: MemberRow = {
    orgId, sk: memberSk(user.userId), memberUserId: user.userId, email: user.email, orgRole: 'admin', orgStatus: 'active',
    created: now, updated: now,
  };
  await orgsRepo.createMember(admin);
  await usersRepo.update(user.userId, { orgId });
  return org;
}

async function orgCustomer(org: OrgRow): Promise<string> {
  if (org.stripeCustomerId) return org.stripeCustomerId;
  const customerId = await createOrgCustomer(org);
  await orgsRepo.updateOrg(org.orgId, { stripeCustomerId: customerId });
  return customerId;
}

async function enterpriseSubscription(
  org: OrgRow, customerId: string, input: z.output<typeof CreateOrganizationInput>,
): Promise<Stripe.Subscription> {
  const price = config.stripeEnterprisePrice();
  const current = (await listCustomerSubscriptions(customerId, { status: 'all', limit: 100 })).find(
    (sub) => !hasSubscriptionEnded(sub.status) && sub.items.data.some((i) => i.price.id === price),
  );
  if (current) return current;
  const base = {
    customer: customerId,
    items: [{ price, quantity: input.seats }],
    metadata: { orgId: org.orgId },
    description: `${org.name}: ${input.seats} seats`,
  };
  const idempotencyKey = `fps-org-subscription-${org.orgId}`;
  if (input.paymentMethod) {
    const pm = await attachPaymentMethod(input.paymentMethod, customerId);
    await setCustomerDefaultPaymentMethod(customerId, pm.id);
    return createSubscription({ ...base, default_payment_method: pm.id, collection_method: 'charge_automatically' }, idempotencyKey);
  }
  return createSubscription({ ...base, collection_method: 'send_invoice', days_until_due: input.daysUntilDue }, idempotencyKey);
}

export async function createOrganization(raw: CreateOrganizationInput, log: Log = () => {}): Promise<CreatedOrganization> {
  const input = CreateOrganizationInput.parse(raw);
  const { user, created } = await adminAccount(input.adminEmail, input.name, log);

  let org = await unfinishedOrgOf(user, input.name);
  const resumed = !!org;
  if (org) log(`Finishing organization ${org.orgId} (${org.name}) from an earlier run.`);
  else {
    org = await writeOrg(newOrgId(), input.name, input.seats, user);
    log(`Wrote organization ${org.orgId} with ${input.seats} seats; ${user.email} is its admin.`);
  }

  const customerId = await orgCustomer(org);
  const sub = await enterpriseSubscription(org, customerId, input);
  // The same full snapshot (and card) the webhooks keep current.
  await syncSubscription(sub.id, { orgId: org.orgId });
  log(`Stripe customer ${customerId}, subscription ${sub.id} (${sub.status}).`);

  return {
    orgId: org.orgId,
    name: org.name,
    seats: org.seats ?? input.seats,
    adminEmail: user.email,
    adminUserId: user.userId,
    adminCreated: created,
    stripeCustomerId: customerId,
    subscriptionId: sub.id,
    subscriptionStatus: sub.status,
    collection: sub.collection_method === 'send_invoice' ? 'send_invoice' : 'charge_automatically',
    resumed,
  };
}
