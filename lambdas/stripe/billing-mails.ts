import type Stripe from 'stripe';
import { sendEmailOnce } from '../adapters/email';
import { orgsRepo } from '../adapters/orgs-repo';
import { stripe } from '../adapters/stripe-client';
import { usersRepo } from '../adapters/users-repo';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { receiptMail, renewalReminderMail, trialEndingMail } from './billing-mail-texts';

/**
 * The billing mails sent from webhooks. Each re-fetches what it reports (never the payload) and is
 * sent once per fact — the invoice, the trial end, the renewal date — so a redelivered event, or
 * the same fact under a fresh event id, sends no second mail (sendEmailOnce).
 */

const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : x?.id);

/** Who hears about a subscription: an organisation's admin, else the user, else Stripe's customer e-mail. */
async function recipientOf(s: Stripe, sub: Stripe.Subscription): Promise<string | undefined> {
  if (sub.metadata?.orgId) return (await orgsRepo.getOrg(sub.metadata.orgId))?.adminEmail;
  const customerId = idOf(sub.customer)!;
  const user = sub.metadata?.userId ? await usersRepo.get(sub.metadata.userId) : await usersRepo.findByStripeCustomer(customerId);
  if (user) return user.email;
  const customer = await s.customers.retrieve(customerId);
  return customer.deleted ? undefined : (customer.email ?? undefined);
}

const planOf = (sub: Stripe.Subscription) => sub.items.data[0]?.price.nickname ?? 'Premium';
const yearlyAmountOf = (sub: Stripe.Subscription) => sub.items.data.reduce((sum, i) => sum + (i.price.unit_amount ?? 0) * (i.quantity ?? 1), 0);

async function withRecipient(s: Stripe, sub: Stripe.Subscription, send: (to: string) => Promise<boolean>): Promise<void> {
  const to = await recipientOf(s, sub);
  if (!to) {
    logger.warn('billing mail without a recipient', { subscriptionId: sub.id });
    return;
  }
  await send(to);
}

/** The receipt of a paid invoice (a $0 trial invoice has nothing to receipt). */
export async function sendReceipt(invoiceId: string, subscriptionId: string): Promise<void> {
  const s = await stripe();
  const invoice = await s.invoices.retrieve(invoiceId);
  if (invoice.status !== 'paid' || invoice.amount_paid <= 0) return;
  const sub = await s.subscriptions.retrieve(subscriptionId);
  await withRecipient(s, sub, (to) =>
    sendEmailOnce(`receipt#${invoice.id}`, receiptMail({
      to, plan: planOf(sub), amountCents: invoice.amount_paid, paidAt: invoice.status_transitions?.paid_at ?? invoice.created,
      invoiceNumber: invoice.number ?? null, invoiceUrl: invoice.hosted_invoice_url ?? null, site: config.siteUrl(),
    })));
}

/** `customer.subscription.trial_will_end`: only while the subscription is still in that trial. */
export async function sendTrialEnding(subscriptionId: string): Promise<void> {
  const s = await stripe();
  const sub = await s.subscriptions.retrieve(subscriptionId);
  if (sub.status !== 'trialing' || !sub.trial_end) return;
  const trialEnd = sub.trial_end;
  await withRecipient(s, sub, (to) =>
    sendEmailOnce(`trial-ending#${sub.id}#${trialEnd}`, trialEndingMail({
      to, plan: planOf(sub), trialEnd, amountCents: yearlyAmountOf(sub), endsWithTrial: sub.cancel_at_period_end, site: config.siteUrl(),
    })));
}

/** `invoice.upcoming`: the reminder 3 days before a renewal, unless auto-renew is off by now. */
export async function sendRenewalReminder(subscriptionId: string): Promise<void> {
  const s = await stripe();
  const sub = await s.subscriptions.retrieve(subscriptionId);
  const renewsAt = sub.items.data[0]?.current_period_end;
  if (sub.status !== 'active' || sub.cancel_at_period_end || !renewsAt) return;
  await withRecipient(s, sub, (to) =>
    sendEmailOnce(`renewal#${sub.id}#${renewsAt}`, renewalReminderMail({
      to, plan: planOf(sub), renewsAt, amountCents: yearlyAmountOf(sub), site: config.siteUrl(),
    })));
}
