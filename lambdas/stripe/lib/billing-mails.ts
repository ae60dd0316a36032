import type Stripe from 'stripe';
import { sendEmailOnce } from '../../adapters/email';
import { orgsRepo } from '../../adapters/orgs-repo';
import { idOf } from '../../adapters/stripe-client';
import { stripeObjects } from '../../adapters/stripe-objects';
import { usersRepo } from '../../adapters/users-repo';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { receiptMail, renewalReminderMail, trialEndingMail } from './billing-mail-texts';

/**
 * The billing mails sent from webhooks. Each re-fetches what it reports (never the payload) and is
 * sent once per fact — the invoice, the trial end, the renewal date — so a redelivered event, or
 * the same fact under a fresh event id, sends no second mail (sendEmailOnce).
 */

/** Who hears about a subscription: an organisation's admin, else the user, else Stripe's customer e-mail. */
async function recipientOf(sub: Stripe.Subscription): Promise<string | undefined> {
  if (sub.metadata?.orgId) return (await orgsRepo.getOrg(sub.metadata.orgId))?.adminEmail;
  const customerId = idOf(sub.customer)!;
  const user = sub.metadata?.userId ? await usersRepo.get(sub.metadata.userId) : await usersRepo.findByStripeCustomer(customerId);
  if (user) return user.email;
  const customer = await stripeObjects.customer(customerId);
  return customer.deleted ? undefined : (customer.email ?? undefined);
}

const planOf = (sub: Stripe.Subscription) => sub.items.data[0]?.price.nickname ?? 'Premium';
const yearlyAmountOf = (sub: Stripe.Subscription) => sub.items.data.reduce((sum, i) => sum + (i.price.unit_amount ?? 0) * (i.quantity ?? 1), 0);

async function withRecipient(sub: Stripe.Subscription, send: (to: string) => Promise<boolean>): Promise<void> {
  const to = await recipientOf(sub);
  if (!to) {
    logger.warn('billing mail without a recipient', { subscriptionId: sub.id });
    return;
  }
  await send(to);
}

/** The receipt of a paid invoice (a $0 trial invoice has nothing to receipt). */
export async function sendReceipt(invoiceId: string, subscriptionId: string): Promise<void> {
  const invoice = await stripeObjects.invoice(invoiceId);
  if (invoice.status !== 'paid' || invoice.amount_paid <= 0) return;
  const sub = await stripeObjects.subscription(subscriptionId);
  await withRecipient(sub, (to) =>
    sendEmailOnce(`receipt#${invoice.id}`, receiptMail({
      to, plan: planOf(sub), amountCents: invoice.amount_paid, paidAt: invoice.status_transitions?.paid_at ?? invoice.created,
      invoiceNumber: invoice.number ?? null, invoiceUrl: invoice.hosted_invoice_url ?? null, site: config.siteUrl(),
    })));
}

/** `customer.subscription.trial_will_end`: only while the subscription is still in that trial. */
export async function sendTrialEnding(subscriptionId: string): Promise<void> {
  const sub = await stripeObjects.subscription(subscriptionId);
  if (sub.status !== 'trialing' || !sub.trial_end) return;
  const trialEnd = sub.trial_end;
  await withRecipient(sub, (to) =>
    sendEmailOnce(`trial-ending#${sub.id}#${trialEnd}`, trialEndingMail({
      to, plan: planOf(sub), trialEnd, amountCents: yearlyAmountOf(sub), endsWithTrial: sub.cancel_at_period_end, site: config.siteUrl(),
    })));
}

/** `invoice.upcoming`: the reminder 3 days before a renewal, unless auto-renew is off by now. */
export async function sendRenewalReminder(subscriptionId: string): Promise<void> {
  const sub = await stripeObjects.subscription(subscriptionId);
  const renewsAt = sub.items.data[0]?.current_period_end;
  if (sub.status !== 'active' || sub.cancel_at_period_end || !renewsAt) return;
  await withRecipient(sub, (to) =>
    sendEmailOnce(`renewal#${sub.id}#${renewsAt}`, renewalReminderMail({
      to, plan: planOf(sub), renewsAt, amountCents: yearlyAmountOf(sub), site: config.siteUrl(),
    })));
}
