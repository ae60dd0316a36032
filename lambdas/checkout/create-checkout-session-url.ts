import type Stripe from 'stripe';
import { routes } from '#shared/api/routes';
import { hasSubscriptionEnded, holdsSubscription } from '#shared/domain/subscription';
import { isTrialEligible, trialDaysFor } from '#shared/rules/trial-eligibility';
import { onOrgPlan, toAccount } from '../account/lib/account-view';
import { orgLinkOf, requireUserRow } from '../account/lib/load-account';
import { createOrRetrieveCustomer, subscriptionsOfOtherCustomersByEmail } from '../adapters/stripe-customer';
import { createCheckoutSession, expireCheckoutSession, openCheckoutSessionsOf } from '../adapters/stripe-checkout';
import { stripeObjects } from '../adapters/stripe-objects';
import { listCustomerSubscriptions } from '../adapters/stripe-subscriptions';
import { usersRepo, type UserRow } from '../adapters/users-repo';
import { ORG_MEMBER_REFUSAL } from '../billing/lib/billing-owner';
import { checkReturnUrl, withSessionId } from '../billing/lib/return-url';
import { config } from '../lib/config';
import { defineHandler } from '../lib/define-handler';
import { DomainError, forbidden } from '../lib/errors';
import { logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';

export const ALREADY_SUBSCRIBED = 'You already have a subscription.';

/**
 * The customer's subscriptions as Stripe has them right now: the stored row may lag a webhook
 * behind (a checkout finished a second ago), and a second subscription is what this guards against.
 */
async function stripeSubscriptions(customerId: string) {
  const list = await listCustomerSubscriptions(customerId, { status: 'all', limit: 20 });
  return { anyLive: list.some((sub) => !hasSubscriptionEnded(sub.status)), count: list.length };
}

/** Expires an open session; one that completed meanwhile means the customer is subscribed now. */
async function expireUnlessPaid(sessionId: string): Promise<void> {
  try {
    await expireCheckoutSession(sessionId);
  } catch (e) {
    const now = await stripeObjects.checkoutSession(sessionId);
    if (now.status === 'complete') throw new DomainError('already_subscribed', ALREADY_SUBSCRIBED);
    if (now.status !== 'expired') throw e;
  }
}

/**
 * Older open sessions (another tab, a retried request) are expired before a new one is made, so
 * the one this request makes is the only one open unless another request races it (see below).
 */
async function expireOpenSessions(customerId: string): Promise<void> {
  const open = await openCheckoutSessionsOf(customerId);
  for (const session of open) if (session.mode === 'subscription') await expireUnlessPaid(session.id);
}

/** Newest first (created, then id): every caller agrees on which open session is the one kept. */
const newestFirst = (a: Stripe.Checkout.Session, b: Stripe.Checkout.Session) => b.created - a.created || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

/**
 * At most one open Checkout per customer, so no two can be paid as two subscriptions. Checked again
 * after making `own`, because two checkouts started at once both found none open before. Each keeps
 * only the newest open session and expires the rest (another tab's, a retried request's); the last
 * caller to look sees every session, so exactly one stays payable. A subscription that appeared
 * meanwhile (another tab paid) refuses this checkout. Answers the session to pay.
 */
async function keepOneOpenSession(customerId: string, own: Stripe.Checkout.Session): Promise<Stripe.Checkout.Session> {
  if ((await stripeSubscriptions(customerId)).anyLive) {
    await expireCheckoutSession(own.id).catch((e: unknown) => logger.warn('could not expire checkout', { error: (e as Error).message }));
    throw new DomainError('already_subscribed', ALREADY_SUBSCRIBED);
  }
  const open = (await openCheckoutSessionsOf(customerId)).filter((x) => x.mode === 'subscription');
  if (!open.some((x) => x.id === own.id)) open.push(own);
  const [keep, ...others] = open.sort(newestFirst);
  for (const session of others) await expireUnlessPaid(session.id);
  return keep!;
}

/** checkout_method forces the A/B group (as lookupAccount's forceAbTestV2Group does). */
async function forceGroup(user: UserRow, group: 'A' | 'B' | undefined): Promise<UserRow> {
  if (!group || user.abTestV2 === group) return user;
  return usersRepo.update(user.userId, { abTestV2: group });
}

/**
 * POST /checkout/sessions: a Stripe Checkout (subscription mode) for Premium. The 7-day trial is for
 * a customer's first subscription only (shared/rules/trial-eligibility.ts); a returning customer pays
 * today. Refuses with 409 already_subscribed while the caller (or their organisation) has a live
 * subscription. A deactivated member of an organisation holds no seat and may buy Premium alone.
 */
export const handler = defineHandler(routes.createCheckoutSessionUrl, async ({ principal, body }) => {
  const cancelUrl = checkReturnUrl(body.cancel_url, 'cancel_url');
  const successUrl = withSessionId(checkReturnUrl(body.success_url, 'success_url'));
  let user = await requireUserRow(principal.userId);

  // The stored view first (an organisation's plan included), then Stripe's own list.
  const link = await orgLinkOf(user);
  const account = toAccount(user, link);
  if (holdsSubscription(account.subscription)) throw new DomainError('already_subscribed', ALREADY_SUBSCRIBED);
  // An organisation account's plan is the organisation's: a personal one would never show.
  if (onOrgPlan(link)) throw forbidden(ORG_MEMBER_REFUSAL);

  user = await forceGroup(user, body.checkout_method);
  const customerId = await createOrRetrieveCustomer(user);
  const history = await stripeSubscriptions(customerId);
  if (history.anyLive) throw new DomainError('already_subscribed', ALREADY_SUBSCRIBED);
  await expireOpenSessions(customerId);

  // The customer's history decides; the client's flags can shorten a trial, never grant one.
  const firstHere = history.count === 0 && !user.subscription;
  // Only when the account itself has no history: the e-mail's earlier customers (a deleted account).
  const emailSubscriptions = firstHere ? await subscriptionsOfOtherCustomersByEmail(user.email, customerId) : 0;
  const eligible = isTrialEligible({ stripeSubscriptions: history.count, storedSubscription: !!user.subscription, emailSubscriptions });
  const trialDays = trialDaysFor(body, { env: config.appEnv(), eligible });
  const metadata = {
    userId: user.userId,
    plan: body.plan,
    abTestV2: user.abTestV2 ?? '',
    flags: [body.quick_trial && 'quick_trial', body.limit && 'limit', body.no_limit && 'no_limit'].filter(Boolean).join(','),
  };
  const session = await createCheckoutSession({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: user.userId,
    line_items: [{ price: config.stripePremiumPrice(), quantity: 1 }],
    subscription_data: {
      ...(trialDays ? { trial_period_days: trialDays } : {}),
      metadata: { userId: user.userId, plan: body.plan },
    },
    metadata,
    success_url: successUrl,
    cancel_url: cancelUrl,
  });
  const payable = await keepOneOpenSession(customerId, session);
  if (!payable.url) throw new Error(`checkout session ${payable.id} has no url`);
  logger.info('checkout session created', { userId: user.userId, sessionId: session.id, payable: payable.id, trialDays });
  countEvent('CheckoutStarted');
  return { url: payable.url };
});
