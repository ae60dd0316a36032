import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList, routes, type RouteId } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { lambdaEsbuildOptions } from '../../infra/bundling';
import { routeDeploy } from '../../infra/route-deploy';
import { repoRoot } from '../../infra/settings';
import { stripe } from '../../lambdas/adapters/stripe-client';
import { MASTERCARD, sessionIdOf, site } from './billing-test-helpers';
import type { ApiEvent, ApiResult } from '../../lambdas/lib/http';
import { LOCAL_CONFIRMATION_CODE } from '../../scripts/local/cognito';
import { payWithTestCard } from '../../scripts/local/seed';
import { signedInUser, staffUser, uniqueEmail } from './helpers';

/**
 * The Stripe functions as they are deployed: bundled with infra/bundling.ts (so with the pruned
 * Stripe SDK of infra/stripe-lite.ts), imported from the bundle and driven against the local
 * emulators with API-Gateway-shaped events. Every other suite runs the TypeScript sources, which
 * import the whole SDK; this one fails if a handler calls a Stripe resource the bundle left out.
 */

const stripeRoutes = routeList.filter((r) => routeDeploy[r.id].grants.stripe);
// changeEmail has no Stripe grant, but verifyAccountEmail needs the code it asks Cognito to send.
const bundledRoutes = [...stripeRoutes, routes.changeEmail];
const outDir = join(repoRoot, '.local', `bundle-test-${process.pid}`);
type Handler = (event: ApiEvent, context: Context) => Promise<ApiResult>;
const handlers = new Map<string, Handler>();
const invoked = new Set<string>();

beforeAll(async () => {
  await Promise.all(bundledRoutes.map(async (r) => {
    const outfile = join(outDir, r.id, 'index.mjs');
    await build({ ...lambdaEsbuildOptions(join(repoRoot, 'lambdas', `${r.handler}.ts`), outfile), absWorkingDir: repoRoot });
    const mod = (await import(/* @vite-ignore */ pathToFileURL(outfile).href)) as { handler: Handler };
    handlers.set(r.id, mod.handler);
  }));
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Claims as API Gateway's JWT authorizer passes them (groups flattened to "[staff]"). */
const claimsOf = (userId: string, staff = false) => ({ sub: userId, ...(staff ? { 'cognito:groups': '[staff]' } : {}) });

async function invoke(
  id: RouteId,
  opts: { claims?: Record<string, string>; body?: unknown; rawBody?: string; query?: Record<string, string>; headers?: Record<string, string> },
) {
  const handler = handlers.get(id);
  if (!handler) throw new Error(`${id} was not bundled`);
  invoked.add(id);
  const event = {
    version: '2.0', routeKey: `${routes[id].method} ${routes[id].path}`, rawPath: routes[id].path, rawQueryString: '',
    headers: { 'content-type': 'application/json', ...opts.headers },
    queryStringParameters: opts.query,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), authorizer: opts.claims ? { jwt: { claims: opts.claims, scopes: [] } } : undefined },
  } as unknown as ApiEvent;
  const context = { functionName: id, awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
  const r = await handler(event, context);
  const res = typeof r === 'string' ? { statusCode: 200, body: r } : r;
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') as Record<string, unknown> };
}

const urlsBody = (path: string) => ({ success_url: `${site()}${path}?checkout=success`, cancel_url: `${site()}${path}` });

describe('bundled Stripe functions against the emulator', () => {
  it('checkout, account with payments, auto-renew, card update, webhook, e-mail, admin search, cancel, delete', async () => {
    const u = await signedInUser();
    const user = claimsOf(u.userId);

    const started = await invoke('createCheckoutSessionUrl', { claims: user, body: { plan: 'premium', ...urlsBody('/checkout/success') } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const sessionId = sessionIdOf(await payWithTestCard(started.body.url as string, '4242424242424242'));
    const done = await invoke('performCheckoutSessionSuccess', { claims: user, body: { session_id: sessionId } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const subscriptionId = Account.parse(done.body).subscription!.id;

    // Payment history: charges, invoices and prices.
    const looked = await invoke('lookupAccount', { claims: user, query: { includePayments: 'true' } });
    expect(looked.status, JSON.stringify(looked.body)).toBe(200);
    expect(looked.body).toMatchObject({ status: 'trialing' });

    const renew = await invoke('updateAccountCancelAtPeriodEnd', { claims: user, body: { cancel_at_period_end: true } });
    expect(renew.status, JSON.stringify(renew.body)).toBe(200);
    expect(Account.parse(renew.body).subscription).toMatchObject({ cancel_at_period_end: true });

    // Card update: setup-mode Checkout, then setup intent and payment method.
    const card = await invoke('createUpdatePaymentSession', { claims: user, body: { account_type: 'user', ...urlsBody('/account') } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const cardSession = sessionIdOf(await payWithTestCard(card.body.url as string, MASTERCARD, 'Bundle Tester'));
    const confirmed = await invoke('confirmUpdatePaymentSession', { claims: user, body: { session_id: cardSession, account_type: 'user' } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(Account.parse(confirmed.body.data).card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    // A signed webhook for the subscription: the handler re-fetches it from Stripe.
    const s = await stripe();
    const payload = JSON.stringify({
      id: `evt_bundle_${randomUUID().slice(0, 8)}`, object: 'event', type: 'customer.subscription.updated',
      data: { object: await s.subscriptions.retrieve(subscriptionId) },
    });
    const header = s.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
    const hook = await invoke('stripeWebhook', { rawBody: payload, headers: { 'stripe-signature': header } });
    expect(hook, JSON.stringify(hook.body)).toEqual({ status: 200, body: { received: true } });

    // E-mail change: Cognito sends a code with the user's own access token, and the verify step updates the Stripe customer.
    const bearer = { authorization: `Bearer ${u.accessToken}` };
    const newEmail = uniqueEmail('bundled');
    const email = await invoke('changeEmail', { claims: user, headers: bearer, body: { email: newEmail } });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    const verified = await invoke('verifyAccountEmail', { claims: user, headers: bearer, body: { code: LOCAL_CONFIRMATION_CODE } });
    expect(verified, JSON.stringify(verified.body)).toEqual({ status: 200, body: { ok: true, email: newEmail } });
    expect((await s.customers.retrieve(Account.parse(looked.body).customerId!)) as { email?: string }).toMatchObject({ email: newEmail });

    // A real staff user: writes by a caller without a user row are refused (lambdas/lib/account-guard.ts).
    const staff = claimsOf((await staffUser()).userId, true);
    const found = await invoke('adminSearchUsers', { claims: staff, query: { q: u.userId } });
    expect(found.status, JSON.stringify(found.body)).toBe(200);

    const cancelled = await invoke('cancelAccountSubscription', { claims: user, body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(Account.parse(cancelled.body).status).toBe('canceled');

    const deleted = await invoke('adminDeleteUser', { claims: staff, body: { cognitoSub: u.userId } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    // A new route with a Stripe grant needs a call above.
    expect(stripeRoutes.map((r) => r.id).filter((id) => !invoked.has(id))).toEqual([]);
  }, 120_000);
});
