import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { payWithTestCard } from '../../scripts/local/seed';
import { callApi, signedInUser } from './helpers';
import { dynamo } from '../../lambdas/adapters/dynamo-client';
import { memberSk, ORG_SK, type MemberRow, type OrgRow } from '../../lambdas/adapters/orgs-repo';
import { stripe } from '../../lambdas/adapters/stripe-client';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { tableName } from '../../lambdas/lib/config';

/** Test-only helpers for the checkout and billing handler tests (run against the local stack). */

export const VISA = '4242424242424242';
export const MASTERCARD = '5555555555554444';
export const DECLINED = '4000000000000002';

export const site = () => process.env.SITE_URL!;
export const checkoutBody = (extra: Record<string, unknown> = {}) => ({
  plan: 'premium',
  success_url: `${site()}/checkout/success?checkout=success`,
  cancel_url: `${site()}/checkout/account?checkout=cancel`,
  ...extra,
});

export type TestUser = Awaited<ReturnType<typeof signedInUser>>;

/** The session id of a hosted checkout URL (/pay/:id) or a success redirect (?session_id=). */
export function sessionIdOf(url: string): string {
  const u = new URL(url);
  return u.searchParams.get('session_id') ?? u.pathname.split('/').pop()!;
}

/** Starts a checkout through the API; answers the hosted page URL. */
export async function startCheckout(u: TestUser, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await callApi(routes.createCheckoutSessionUrl, { token: u.accessToken, body: checkoutBody(extra) });
  if (r.status !== 200) throw new Error(`checkout refused: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.url as string;
}

/** Checkout, payment on the hosted page, completion: the user's account afterwards. */
export async function subscribe(u: TestUser, extra: Record<string, unknown> = {}, card = VISA) {
  const redirect = await payWithTestCard(await startCheckout(u, extra), card);
  const sessionId = sessionIdOf(redirect);
  const r = await callApi(routes.performCheckoutSessionSuccess, { token: u.accessToken, body: { session_id: sessionId } });
  if (r.status !== 200) throw new Error(`completion refused: ${r.status} ${JSON.stringify(r.body)}`);
  return { sessionId, redirect, account: Account.parse(r.body) };
}

/** A signed-in user with a Premium trial. */
export async function subscribedUser(extra: Record<string, unknown> = {}) {
  const u = await signedInUser();
  const { account, sessionId } = await subscribe(u, extra);
  return { ...u, account, sessionId };
}

export async function eventually<T>(fn: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The customers Stripe holds for a user (by the userId in their metadata). */
export async function customersOf(userId: string) {
  return (await (await stripe()).customers.search({ query: `metadata['userId']:'${userId}'` })).data;
}

/** An organisation with a Stripe customer, its signed-in admin and a signed-in member. */
export async function orgWithAdmin() {
  const admin = await signedInUser();
  const member = await signedInUser();
  const orgId = `org_${randomUUID().slice(0, 8)}`;
  const customer = await (await stripe()).customers.create({ email: admin.email, name: 'Test Org', metadata: { orgId } });
  const now = new Date().toISOString();
  const org: OrgRow = {
    orgId, sk: ORG_SK, name: 'Test Org', seats: 5, seatsUsed: 2, adminEmail: admin.email, adminUserId: admin.userId,
    stripeCustomerId: customer.id, subscription: null, created: now, updated: now,
  };
  const members: MemberRow[] = [admin, member].map((u, i) => ({
    orgId, sk: memberSk(u.userId), memberUserId: u.userId, email: u.email, orgRole: i === 0 ? 'admin' : 'member',
    orgStatus: 'active', created: now, updated: now,
  }));
  for (const item of [org, ...members]) await dynamo().send(new PutCommand({ TableName: tableName('orgs'), Item: item }));
  await usersRepo.update(admin.userId, { orgId });
  await usersRepo.update(member.userId, { orgId });
  return { orgId, customerId: customer.id, admin, member };
}
