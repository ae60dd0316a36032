import { PRODUCT_NAME } from '#shared/domain/product-name';
import { formatUsd } from '#shared/rules/price-display';
import type { EmailMessage } from '../../adapters/email';

/**
 * The billing mails the product promises: the receipt (README, checkout success page), the
 * trial-ending notice, and the renewal reminder 3 days ahead (/premium, the Terms). Plain text,
 * built from already re-fetched Stripe state; no I/O here.
 */

const dateOf = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const signOff = (site: string) => `Manage your subscription: ${site}/account\n\nThe ${PRODUCT_NAME} team`;

export interface ReceiptFacts {
  to: string;
  plan: string;
  amountCents: number;
  paidAt: number;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  site: string;
}

export function receiptMail(f: ReceiptFacts): EmailMessage {
  const lines = [
    `Thank you for your payment.`,
    '',
    `${PRODUCT_NAME} ${f.plan}: ${formatUsd(f.amountCents)}`,
    `Paid on ${dateOf(f.paidAt)}${f.invoiceNumber ? `, invoice ${f.invoiceNumber}` : ''}.`,
    ...(f.invoiceUrl ? ['', `Your invoice: ${f.invoiceUrl}`] : []),
    '',
    signOff(f.site),
  ];
  return { kind: 'receipt', to: f.to, subject: `Your ${PRODUCT_NAME} receipt`, text: lines.join('\n') };
}

export interface TrialEndingFacts {
  to: string;
  plan: string;
  trialEnd: number;
  amountCents: number;
  /** Auto-renew off: the plan ends with the trial and nothing is charged. */
  endsWithTrial: boolean;
  site: string;
}

export function trialEndingMail(f: TrialEndingFacts): EmailMessage {
  const next = f.endsWithTrial
    ? `Auto-renew is off, so ${f.plan} ends then and you will not be charged.`
    : `Then ${formatUsd(f.amountCents)} is charged for the first year. To stop before that, cancel the trial from your account page.`;
  return {
    kind: 'trial-ending',
    to: f.to,
    subject: `Your ${PRODUCT_NAME} trial ends on ${dateOf(f.trialEnd)}`,
    text: [`Your free ${PRODUCT_NAME} ${f.plan} trial ends on ${dateOf(f.trialEnd)}.`, next, '', signOff(f.site)].join('\n'),
  };
}

export interface RenewalFacts {
  to: string;
  plan: string;
  renewsAt: number;
  amountCents: number;
  site: string;
}

export function renewalReminderMail(f: RenewalFacts): EmailMessage {
  return {
    kind: 'renewal-reminder',
    to: f.to,
    subject: `Your ${PRODUCT_NAME} subscription renews on ${dateOf(f.renewsAt)}`,
    text: [
      `Your ${PRODUCT_NAME} ${f.plan} subscription renews automatically on ${dateOf(f.renewsAt)} for ${formatUsd(f.amountCents)}.`,
      `To stop it, turn off auto-renew on your account page before then; ${f.plan} stays active until that date.`,
      '',
      signOff(f.site),
    ].join('\n'),
  };
}
