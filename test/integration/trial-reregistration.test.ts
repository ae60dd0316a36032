import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { stripe } from '../../lambdas/adapters/stripe-client';
import { subscribe } from './billing-test-helpers';
import { callApi, signedInUser, staffUser, uniqueEmail } from './helpers';

/**
 * Issue #22 §6: one free trial per person. Deleting the account and signing up again under the
 * same e-mail made a new user row and a new Stripe customer, so the 7-day trial came again. The
 * trial decision now also asks Stripe for earlier customers with that e-mail (docs/billing.md).
 */
describe('a second trial after deleting the account and signing up again', () => {
  it('is refused: the same e-mail on a new account pays at once', async () => {
    const email = uniqueEmail('retrial');
    const first = await signedInUser(email);
    const trial = await subscribe(first);
    expect(trial.account.subscription?.status).toBe('trialing');
    const staff = await staffUser();
    const del = await callApi(routes.adminDeleteUser, { token: staff.accessToken, body: { cognitoSub: first.userId } });
    expect(del).toMatchObject({ status: 200, body: { type: 'success' } });

    const again = await signedInUser(email);
    expect(again.userId).not.toBe(first.userId);
    const { account, sessionId } = await subscribe(again, { quick_trial: true });
    expect(account.subscription).toMatchObject({ status: 'active', trial_end: null, trial_start: null });
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
    expect((session.subscription as { trial_end: number | null }).trial_end).toBeNull();
  });

  it('still gives the trial to a new e-mail', async () => {
    const u = await signedInUser(uniqueEmail('firsttrial'));
    const { account } = await subscribe(u);
    expect(account.subscription?.status).toBe('trialing');
  });
});
