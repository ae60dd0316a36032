import type { Account } from '#shared/domain/account';
import { formatUsd, subscriptionTotals, taxSuffix, hasKnownTax } from '#shared/rules/price-format';
import { trialRemainingText } from '#shared/rules/trial-display';
import { checkoutMessages } from '../messages';

const brandName = (brand: string) =>
  ({ amex: 'American Express', diners: 'Diners Club', mastercard: 'Mastercard', unionpay: 'UnionPay', jcb: 'JCB' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);

/**
 * The subscription summary of the success stage: billing name, e-mail, card (brand and last4, or
 * n/a), the total (at the end of the trial) with '+ tax' or '+ tax where applicable', and the
 * trial note with the time left.
 */
export function SuccessSummary({ account, fallbackName, nowMs = Date.now() }: { account: Account; fallbackName: string; nowMs?: number }) {
  const sub = account.subscription;
  if (!sub) return null;
  const trialing = sub.status === 'trialing' && !!sub.trial_end;
  const { amount, tax } = subscriptionTotals(sub);
  const card = account.card;
  return (
    <section className="checkout-panel checkout-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Your subscription</h2>
      <dl className="checkout-fields">
        <div>
          <dt>Billing name</dt>
          <dd>{card?.name || fallbackName}</dd>
        </div>
        <div>
          <dt>Billing email</dt>
          <dd>{account.email}</dd>
        </div>
        <div>
          <dt>Billing card</dt>
          <dd>{card ? `${brandName(card.brand)} •••• ${card.last4}` : 'n/a'}</dd>
        </div>
        <div>
          <dt>{trialing ? 'Total (at end of trial)' : 'Total'}</dt>
          <dd>
            {formatUsd(amount)} {taxSuffix(sub.tax_percent)}
            {hasKnownTax(sub.tax_percent) ? ` (${formatUsd(tax)})` : ''}
          </dd>
        </div>
      </dl>
      {trialing && (
        <p className="checkout-trial-note">
          {checkoutMessages.trialNotePrefix} You will be charged at the end of your free trial and get an email receipt in{' '}
          {trialRemainingText(sub.trial_end!, sub.trial_start, nowMs)}.
        </p>
      )}
    </section>
  );
}
