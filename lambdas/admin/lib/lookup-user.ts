import type Stripe from 'stripe';
import type { AdminCognitoUser, AdminDbOrg, AdminDbUser, AdminLookupResult, AdminStripeCustomer } from '#shared/domain/admin';
import { SIGNUP_NAME_ATTRIBUTE } from '#shared/deploy/user-attributes';
import { classifyAdminQuery } from '#shared/rules/admin-search';
import { normalizeDisplayName } from '#shared/rules/display-name';
import { cognitoAdmin, type CognitoAdminUser } from '../../adapters/cognito-admin';
import { orgsRepo, type MemberRow, type OrgRow } from '../../adapters/orgs-repo';
import { findCustomerByEmail, retrieveCustomer } from '../../adapters/stripe-customer';
import { usersRepo, type UserRow } from '../../adapters/users-repo';
import { logger } from '../../lib/logger';

/**
 * The admin search: one user as Cognito, the users table, the orgs table and Stripe know them.
 * Each source is read on its own; a source that fails becomes a warning instead of failing the
 * whole lookup, so staff still see what the others hold.
 */

type StripeCustomerLike = Stripe.Customer | Stripe.DeletedCustomer;

class Lookup {
  readonly warnings: string[] = [];

  /** Runs one read; on failure notes which source failed and answers `fallback`. */
  async read<T>(source: string, fn: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const name = e instanceof Error ? e.name : 'Error';
      logger.warn('admin lookup: source failed', { source, error: e as Error });
      const note = `${source} could not be read (${name}).`;
      if (!this.warnings.includes(note)) this.warnings.push(note);
      return fallback;
    }
  }
}

/**
 * The name attributes as the name rule tidies them: a name stored before the app client lost write
 * access to `name` may hold anything, and custom:signup_name is the user's to write
 * (shared/deploy/user-attributes.ts). Staff see what the product would show.
 */
function tidyNames(attributes: Record<string, string>): Record<string, string> {
  const out = { ...attributes };
  for (const k of ['name', SIGNUP_NAME_ATTRIBUTE]) if (k in out) out[k] = normalizeDisplayName(out[k]!);
  return out;
}

const toCognito = (u: CognitoAdminUser, groups: string[] | undefined): AdminCognitoUser => ({
  userStatus: u.userStatus,
  username: u.username,
  enabled: u.enabled,
  created: u.created,
  updated: u.updated,
  ...(groups ? { groups } : {}),
  attributes: { ...tidyNames(u.attributes), sub: u.attributes.sub ?? u.username },
});

const toDbUser = (row: UserRow): AdminDbUser => {
  const s = row.subscription ?? null;
  return {
    userId: row.userId,
    orgId: row.orgId ?? null,
    email: row.email,
    plan: s ? (s.plan ?? 'premium') : null,
    subscriptionStatus: s?.status ?? null,
    subscriptionId: s?.id ?? null,
    currentPeriodEnd: s?.current_period_end ?? null,
    trialEnd: s?.trial_end ?? null,
    cancelAtPeriodEnd: s?.cancel_at_period_end ?? null,
    stripeCustomerId: row.stripeCustomerId ?? null,
    loginMethod: row.loginMethod,
    isStaff: row.isStaff ?? false,
    ...(row.abTestV2 ? { abTestV2: row.abTestV2 } : {}),
    created: row.created,
    updated: row.updated,
  };
};

const toDbOrg = (org: OrgRow, member: MemberRow | undefined): AdminDbOrg => ({
  orgId: org.orgId,
  adminEmail: org.adminEmail,
  name: org.name,
  seats: org.seats,
  seatsUsed: org.seatsUsed,
  subscriptionStatus: org.subscription?.status ?? null,
  memberRole: member?.orgRole ?? null,
  memberStatus: member?.orgStatus ?? null,
});

const toStripe = (c: StripeCustomerLike, foundBy: AdminStripeCustomer['foundBy']): AdminStripeCustomer =>
  c.deleted
    ? { id: c.id, deleted: true, foundBy }
    : { id: c.id, email: c.email ?? null, name: c.name ?? null, created: c.created, foundBy };

/** Cognito's e-mail filter is case-sensitive: try the address as stored (lower case), then as typed. */
async function cognitoByEmail(email: string, typed: string): Promise<CognitoAdminUser | undefined> {
  const found = (await cognitoAdmin.findByEmail(email))[0];
  if (found || typed === email) return found;
  return (await cognitoAdmin.findByEmail(typed))[0];
}

/** A user id is a Cognito sub; a Cognito username (e.g. `Google_…`) is found too. */
async function cognitoByUserId(id: string): Promise<CognitoAdminUser | undefined> {
  return (await cognitoAdmin.findBySub(id)) ?? (await cognitoAdmin.getByUsername(id));
}

/** Looks the query up everywhere; null when no source knows it. */
export async function lookupUser(rawQuery: string): Promise<AdminLookupResult | null> {
  const query = classifyAdminQuery(rawQuery);
  const l = new Lookup();
  let cognitoUser: CognitoAdminUser | undefined;
  let dbUser: UserRow | undefined;
  let customer: { c: StripeCustomerLike; foundBy: AdminStripeCustomer['foundBy'] } | undefined;

  if (query.by === 'email') {
    [cognitoUser, dbUser] = await Promise.all([
      l.read('Cognito', () => cognitoByEmail(query.email, rawQuery.trim()), undefined),
      l.read('DynamoDB users', () => usersRepo.findByEmail(query.email), undefined),
    ]);
  } else if (query.by === 'userId') {
    [cognitoUser, dbUser] = await Promise.all([
      l.read('Cognito', () => cognitoByUserId(query.userId), undefined),
      l.read('DynamoDB users', () => usersRepo.get(query.userId), undefined),
    ]);
  } else {
    const [row, c] = await Promise.all([
      l.read('DynamoDB users', () => usersRepo.findByStripeCustomer(query.customerId), undefined),
      l.read('Stripe', () => retrieveCustomer(query.customerId), undefined),
    ]);
    dbUser = row;
    if (c) customer = { c, foundBy: 'query' };
    const metaUserId = c && !c.deleted ? c.metadata?.userId : undefined;
    if (!dbUser && metaUserId) dbUser = await l.read('DynamoDB users', () => usersRepo.get(metaUserId), undefined);
  }

  // Cross-link: the row's key is the Cognito sub.
  const sub = cognitoUser?.attributes.sub;
  if (!dbUser && sub) dbUser = await l.read('DynamoDB users', () => usersRepo.get(sub), undefined);
  if (!cognitoUser && dbUser) {
    const userId = dbUser.userId;
    cognitoUser = await l.read('Cognito', () => cognitoAdmin.findBySub(userId), undefined);
  }

  const userId = dbUser?.userId ?? cognitoUser?.attributes.sub;
  const email = dbUser?.email ?? cognitoUser?.attributes.email;

  const [groups, org, stripeFound] = await Promise.all([
    cognitoUser ? l.read('Cognito groups', () => cognitoAdmin.groupsOf(cognitoUser!.username), undefined) : undefined,
    userId ? l.read('DynamoDB orgs', () => orgOf(userId, dbUser?.orgId), undefined) : undefined,
    customer
      ? customer
      : l.read(
          'Stripe',
          async () => {
            if (dbUser?.stripeCustomerId) {
              const c = await retrieveCustomer(dbUser.stripeCustomerId);
              if (c) return { c, foundBy: 'userRow' as const };
            }
            if (email) {
              const c = await findCustomerByEmail(email);
              if (c) return { c, foundBy: 'email' as const };
            }
            return undefined;
          },
          undefined,
        ),
  ]);

  if (!cognitoUser && !dbUser && !stripeFound) return null;
  return {
    cognito: cognitoUser ? toCognito(cognitoUser, groups) : null,
    dbUser: dbUser ? toDbUser(dbUser) : null,
    dbOrg: org ? toDbOrg(org.org, org.member) : null,
    stripeCustomer: stripeFound ? toStripe(stripeFound.c, stripeFound.foundBy) : null,
    ...(l.warnings.length ? { warnings: l.warnings } : {}),
  };
}

/** The user's organisation: the row's org link, else the first membership (an invitation, say). */
async function orgOf(userId: string, rowOrgId: string | undefined): Promise<{ org: OrgRow; member?: MemberRow } | undefined> {
  const memberships = await orgsRepo.membershipsOf(userId);
  const orgId = rowOrgId ?? memberships[0]?.orgId;
  if (!orgId) return undefined;
  const org = await orgsRepo.getOrg(orgId);
  if (!org) return undefined;
  return { org, member: memberships.find((m) => m.orgId === orgId) };
}
