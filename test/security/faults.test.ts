import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#shared/api/errors';
import { routes } from '#shared/api/routes';
import { handler as cancelSubscription } from '../../lambdas/billing/cancel-subscription';
import { handler as updateCancelAtPeriodEnd } from '../../lambdas/billing/update-cancel-at-period-end';
import { imagesRepo } from '../../lambdas/adapters/images-repo';
import { orgsRepo } from '../../lambdas/adapters/orgs-repo';
import { stripe } from '../../lambdas/adapters/stripe-client';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { eventually, sessionIdOf, startCheckout, subscribedUser, VISA } from '../integration/billing-test-helpers';
import { handler as performCheckoutSessionSuccess } from '../../lambdas/checkout/perform-checkout-session-success';
import { handler as createImage } from '../../lambdas/images/create-image';
import { handler as acceptInvite } from '../../lambdas/invites/accept-invite';
import { mailTo, makeOrg, seatsUsedOf } from '../integration/org-test-helpers';
import { handler as sendInvitations } from '../../lambdas/orgs/send-invitations';
import { logger } from '../../lambdas/lib/logger';
import { payWithTestCard } from '../../scripts/local/seed';
import { signedInUser, uniqueEmail } from '../integration/helpers';
import { reportFigure } from '../report-figure';
import { failDynamo, type DynamoFaultKind } from './faults/dynamo-faults';
import { invoke } from './faults/invoke';
import { armedStripeFaults, armStripeFault, clearStripeFaults } from './faults/stripe-faults';

/**
 * Security issue #11, faults: a representative set of mutations run in this process while Stripe
 * (the emulator's fault switch) or DynamoDB (this process's client, through aws-sdk-client-mock)
 * fails or times out part-way. Each must answer a clean `{code, message}` (the web shows the spec's
 * text for any failure), leave nothing half-written (stores unchanged, or rolled forward to
 * Stripe's state by the webhooks), and succeed when retried without the fault.
 */

// A short Stripe timeout keeps the hanging cases quick; the product default is in stripe-client.ts.
process.env.STRIPE_TIMEOUT_MS = '1000';

const tally = { injected: 0, clean: 0, partial: 0, retried: 0 };

// Every injected fault is logged as an unhandled error with its stack (server-side, as it should be): keep the run readable.
beforeAll(() => void vi.spyOn(logger, 'error').mockImplementation(() => undefined));

afterEach(async () => {
  await clearStripeFaults();
});

afterAll(() => {
  reportFigure(`faults: ${tally.injected} injected, ${tally.clean} clean errors, ${tally.partial} partial writes, ${tally.retried} retries succeeded`);
});

/** A failure the web can show its text for: an error status with exactly `{code, message}`, no stack. */
function expectCleanError(r: { status: number; body: Record<string, unknown> }) {
  tally.injected++;
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(Object.keys(r.body).sort()).toEqual(['code', 'message']);
  expect(ApiError.safeParse(r.body).success).toBe(true);
  expect(JSON.stringify(r.body)).not.toMatch(/\bat .+:\d+:\d+|stack|Error:/);
  tally.clean++;
}

/** Counts a partial write if `check` does not hold, and fails the test. */
async function expectWhole(check: () => Promise<void>) {
  try {
    await check();
  } catch (e) {
    tally.partial++;
    throw e;
  }
}

function expectRetryOk(r: { status: number; body: unknown }, status = 200) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  tally.retried++;
}

/** The stored subscription equals Stripe's (after the webhooks, if the failure came after Stripe's change). */
async function rowMatchesStripe(userId: string, subscriptionId: string) {
  const sub = await (await stripe()).subscriptions.retrieve(subscriptionId);
  await eventually(async () => {
    const row = (await usersRepo.get(userId))?.subscription;
    return row?.status === sub.status && row.cancel_at_period_end === sub.cancel_at_period_end ? true : undefined;
  });
  return sub;
}

const isSnapshotWrite = (input: Record<string, unknown>) =>
  Object.values((input.ExpressionAttributeNames ?? {}) as Record<string, string>).includes('subscription');

describe('Stripe failing or hanging mid-request', () => {
  it('cancel: Stripe down → clean error, nothing changed; retry cancels', async () => {
    const u = await subscribedUser();
    const subId = u.account.subscription!.id;
    await armStripeFault({ path: `/v1/subscriptions/${subId}`, method: 'DELETE', count: 2, status: 500 });
    expectCleanError(await invoke(cancelSubscription, routes.cancelAccountSubscription, { userId: u.userId, body: {} }));
    await expectWhole(async () => {
      expect((await (await stripe()).subscriptions.retrieve(subId)).status).toBe('trialing');
      expect((await usersRepo.get(u.userId))?.subscription?.status).toBe('trialing');
    });
    const retry = await invoke(cancelSubscription, routes.cancelAccountSubscription, { userId: u.userId, body: {} });
    expectRetryOk(retry);
    expect((await rowMatchesStripe(u.userId, subId)).status).toBe('canceled');
  });

  it('cancel: Stripe hangs past the timeout (the cancel is made, the answer never comes) → clean error, rolled forward', async () => {
    const u = await subscribedUser();
    const subId = u.account.subscription!.id;
    await armStripeFault({ path: `/v1/subscriptions/${subId}`, method: 'DELETE', count: 2, hang_ms: 1_500, after: true });
    const started = Date.now();
    expectCleanError(await invoke(cancelSubscription, routes.cancelAccountSubscription, { userId: u.userId, body: {} }));
    expect(Date.now() - started).toBeLessThan(6_000);
    // Stripe made the change: the webhook brings the row to the same state.
    await expectWhole(async () => void (await rowMatchesStripe(u.userId, subId)));
    expectRetryOk(await invoke(cancelSubscription, routes.cancelAccountSubscription, { userId: u.userId, body: {} }));
    expect((await usersRepo.get(u.userId))?.subscription?.status).toBe('canceled');
  });

  it('auto-renew toggle: Stripe down → clean error, nothing changed; retry turns it off', async () => {
    const u = await subscribedUser();
    const subId = u.account.subscription!.id;
    await armStripeFault({ path: `/v1/subscriptions/${subId}`, method: 'POST', count: 2, status: 503 });
    const body = { cancel_at_period_end: true };
    expectCleanError(await invoke(updateCancelAtPeriodEnd, routes.updateAccountCancelAtPeriodEnd, { userId: u.userId, body }));
    await expectWhole(async () => {
      expect((await (await stripe()).subscriptions.retrieve(subId)).cancel_at_period_end).toBe(false);
      expect((await usersRepo.get(u.userId))?.subscription?.cancel_at_period_end).toBe(false);
    });
    expectRetryOk(await invoke(updateCancelAtPeriodEnd, routes.updateAccountCancelAtPeriodEnd, { userId: u.userId, body }));
    expect((await rowMatchesStripe(u.userId, subId)).cancel_at_period_end).toBe(true);
  });

  it('checkout success: Stripe times out reading the session → clean error; retry completes', async () => {
    const u = await signedInUser();
    const sessionId = sessionIdOf(await payWithTestCard(await startCheckout(u), VISA));
    await armStripeFault({ path: `/v1/checkout/sessions/${sessionId}`, method: 'GET', count: 2, hang_ms: 1_500 });
    const call = () => invoke(performCheckoutSessionSuccess, routes.performCheckoutSessionSuccess, { userId: u.userId, body: { session_id: sessionId } });
    expectCleanError(await call());
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId);
    // Nothing half-written: the row has no subscription yet, or exactly Stripe's (the webhook's).
    await expectWhole(async () => {
      const row = (await usersRepo.get(u.userId))?.subscription;
      if (row) expect(row.id).toBe(session.subscription);
    });
    await expect.poll(armedStripeFaults).toEqual([]);
    const retry = await call();
    expectRetryOk(retry);
    expect((retry.body.subscription as { id: string }).id).toBe(session.subscription);
  });
});

describe('DynamoDB failing or timing out mid-request', () => {
  const kinds: DynamoFaultKind[] = ['error', 'timeout'];

  it.each(kinds)('cancel: the row write fails after Stripe cancelled (%s) → clean error, rolled forward; retry answers the account', async (kind) => {
    const u = await subscribedUser();
    const subId = u.account.subscription!.id;
    const fault = failDynamo({ command: 'UpdateCommand', table: 'users', when: isSnapshotWrite, kind });
    try {
      expectCleanError(await invoke(cancelSubscription, routes.cancelAccountSubscription, { userId: u.userId, body: {} }));
      expect(fault.hits()).toBe(1);
    } finally {
      fault.restore();
    }
    await expectWhole(async () => void (await rowMatchesStripe(u.userId, subId)));
    expectRetryOk(await invoke(cancelSubscription, routes.cancelAccountSubscription, { userId: u.userId, body: {} }));
  });

  it('auto-renew toggle: the row write times out → clean error, rolled forward; retry succeeds', async () => {
    const u = await subscribedUser();
    const subId = u.account.subscription!.id;
    const body = { cancel_at_period_end: true };
    const fault = failDynamo({ command: 'UpdateCommand', table: 'users', when: isSnapshotWrite, kind: 'timeout' });
    try {
      expectCleanError(await invoke(updateCancelAtPeriodEnd, routes.updateAccountCancelAtPeriodEnd, { userId: u.userId, body }));
    } finally {
      fault.restore();
    }
    await expectWhole(async () => void (await rowMatchesStripe(u.userId, subId)));
    expectRetryOk(await invoke(updateCancelAtPeriodEnd, routes.updateAccountCancelAtPeriodEnd, { userId: u.userId, body }));
    expect((await usersRepo.get(u.userId))?.subscription?.cancel_at_period_end).toBe(true);
  });

  it('checkout success: the row write fails → clean error; retry completes', async () => {
    const u = await signedInUser();
    const sessionId = sessionIdOf(await payWithTestCard(await startCheckout(u), VISA));
    const call = () => invoke(performCheckoutSessionSuccess, routes.performCheckoutSessionSuccess, { userId: u.userId, body: { session_id: sessionId } });
    const fault = failDynamo({ command: 'UpdateCommand', table: 'users', when: isSnapshotWrite, kind: 'error' });
    try {
      expectCleanError(await call());
    } finally {
      fault.restore();
    }
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId);
    await expectWhole(async () => void (await rowMatchesStripe(u.userId, session.subscription as string)));
    expectRetryOk(await call());
  });

  it.each([
    ['claiming the invitation', 'UpdateCommand', (i: Record<string, unknown>) => String(i.UpdateExpression).includes('acceptedBy')],
    ['writing the active member', 'PutCommand', (i: Record<string, unknown>) => (i.Item as { orgStatus?: string }).orgStatus === 'active'],
    ['removing the used invitation', 'DeleteCommand', () => true],
  ] as const)('accept invite: DynamoDB fails %s → clean error; retry joins once', async (_step, command, when) => {
    const email = uniqueEmail('faulty-accept');
    const org = await makeOrg({ members: [{ email, status: 'invited' }] });
    const inv = org.invites[0]!;
    const body = { sub: inv.sub, token: inv.token, newAccountPassword: 'NewPassword1' };
    const fault = failDynamo({ command, table: 'orgs', when, kind: 'error' });
    try {
      expectCleanError(await invoke(acceptInvite, routes.acceptInvite, { body }));
      expect(fault.hits()).toBe(1);
    } finally {
      fault.restore();
    }
    // The seat is held once throughout; the org counts the invitee as invited or active, never twice.
    await expectWhole(async () => expect(await seatsUsedOf(org.orgId)).toBe(2));
    expectRetryOk(await invoke(acceptInvite, routes.acceptInvite, { body }));
    const members = (await orgsRepo.listMembers(org.orgId)).filter((m) => m.orgRole === 'member');
    expect(members.map((m) => [m.email, m.orgStatus])).toEqual([[email, 'active']]);
    expect(await seatsUsedOf(org.orgId)).toBe(2);
  });

  it('send invitations: the second member write fails → clean error, no invitation or seat left behind; retry invites both', async () => {
    const org = await makeOrg({ seats: 5 });
    const emails = [uniqueEmail('inv-a'), uniqueEmail('inv-b')];
    const call = () =>
      invoke(sendInvitations, routes.sendEnterpriseMembersInvitations, {
        userId: org.admin.userId, params: { orgId: org.orgId }, body: { invites: emails.map((email) => ({ email })) },
      });
    const fault = failDynamo({ command: 'PutCommand', table: 'orgs', when: (i) => (i.Item as { email?: string }).email === emails[1], kind: 'timeout' });
    try {
      expectCleanError(await call());
      expect(fault.hits()).toBe(1);
    } finally {
      fault.restore();
    }
    await expectWhole(async () => {
      expect((await orgsRepo.listMembers(org.orgId)).filter((m) => m.orgStatus === 'invited')).toEqual([]);
      expect(await seatsUsedOf(org.orgId)).toBe(1);
      expect(await mailTo(emails[0]!)).toEqual([]);
    });
    expectRetryOk(await call());
    expect((await orgsRepo.listMembers(org.orgId)).filter((m) => m.orgStatus === 'invited')).toHaveLength(2);
    expect(await seatsUsedOf(org.orgId)).toBe(3);
    for (const email of emails) expect(await mailTo(email, 'invitation')).toHaveLength(1);
  });

  it.each(kinds)('create image: the image write fails (%s) → clean error, no image; retry creates it', async (kind) => {
    const u = await signedInUser();
    const body = { title: 'Fault test', notes: '' };
    const fault = failDynamo({ command: 'PutCommand', table: 'images', kind });
    try {
      expectCleanError(await invoke(createImage, routes.createImage, { userId: u.userId, body }));
    } finally {
      fault.restore();
    }
    await expectWhole(async () => expect(await imagesRepo.list(u.userId)).toEqual([]));
    expectRetryOk(await invoke(createImage, routes.createImage, { userId: u.userId, body }), 201);
    expect(await imagesRepo.list(u.userId)).toHaveLength(1);
  });
});
