import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Account } from '#shared/domain/account';
import type { Subscription } from '#shared/domain/subscription';
import { formatPlanPrice, formatUsd, subscriptionTotals, taxSuffix } from '#shared/rules/price-format';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { cancelAccountSubscription } from '../api/cancel-subscription';
import { updateAccountCancelAtPeriodEnd } from '../api/update-cancel-at-period-end';
import { actionForStatus, cancelConfirmText, cancelLabel } from '../billing-rules';
import { billingMessages } from '../messages';
import { UpdateFailedText } from './support-contact';

const dateOf = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

type Failure = 'cancel' | 'renew' | null;

/**
 * Subscription management by status: canceled → expired message and Go Premium; incomplete,
 * incomplete_expired, trialing, past_due, unpaid → a link to cancel (after a confirm dialog);
 * active → the auto-renew toggle (cancel_at_period_end true = auto-renew off). Unknown statuses
 * are logged as errors.
 */
export function SubscriptionControls({ subscription, onAccountChange }: { subscription: Subscription; onAccountChange: (a: Account) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  /** What this page just cancelled (status before), so the ended plan is not called "expired". */
  const [cancelled, setCancelled] = useState<string | null>(null);
  const toggleId = useId();
  const action = actionForStatus(subscription.status);

  useEffect(() => {
    if (action === 'unknown') console.error(`Unknown subscription status: ${subscription.status}`, subscription.id);
  }, [action, subscription.status, subscription.id]);

  const run = async (kind: Exclude<Failure, null>, call: () => Promise<Account>) => {
    setBusy(true);
    setFailure(null);
    const before = subscription.status;
    try {
      const account = await call();
      if (kind === 'cancel') setCancelled(before);
      onAccountChange(account);
    } catch (e) {
      console.error(kind === 'cancel' ? 'Cancel failed' : 'Renew status update failed', e);
      setFailure(kind);
    } finally {
      setBusy(false);
    }
  };

  const onCancel = () => {
    if (!window.confirm(cancelConfirmText(subscription.status))) return;
    void run('cancel', cancelAccountSubscription);
  };
  const autoRenew = !subscription.cancel_at_period_end;
  // Organisation admins manage the Enterprise plan with the same controls.
  const planName = subscription.plan === 'enterprise' ? 'Enterprise' : 'Premium';
  const { amount } = subscriptionTotals(subscription);

  return (
    <div className="billing-subscription">
      {/* An ended plan costs nothing any more: no price line (spec: canceled shows only the expired message). */}
      {action !== 'expired' && (
        <p className="billing-price">
          {planName} · {formatPlanPrice(subscription)} <span className="billing-muted">{taxSuffix(subscription.tax_percent)}</span>
        </p>
      )}

      {action === 'expired' && (
        <p>
          {cancelled === 'trialing'
            ? billingMessages.trialCancelled
            : cancelled
              ? billingMessages.subscriptionCancelled
              : billingMessages.expired}{' '}
          <Link to={paths.checkout.href()}>Go Premium</Link>
        </p>
      )}

      {action === 'cancel' && (
        <>
          {subscription.status === 'trialing' && subscription.trial_end && (
            <p>
              Your free trial ends on {dateOf(subscription.trial_end)}
              {subscription.cancel_at_period_end
                ? `. Auto-renew is off, so ${planName} ends then.`
                : `, then ${formatUsd(amount)} is charged for the first year.`}
            </p>
          )}
          {subscription.status === 'past_due' && <p>Your last payment failed. Update your card and we will retry it.</p>}
          <p>
            <button type="button" className="link-button billing-cancel" onClick={onCancel} disabled={busy}>
              {cancelLabel(subscription.status)}
            </button>
          </p>
        </>
      )}

      {action === 'auto-renew' && (
        <div className="billing-renew">
          <label htmlFor={toggleId} className="billing-switch">
            <input
              id={toggleId}
              type="checkbox"
              role="switch"
              checked={autoRenew}
              disabled={busy}
              onChange={(e) => void run('renew', () => updateAccountCancelAtPeriodEnd(!e.currentTarget.checked))}
            />
            Auto-renew
          </label>
          <p className="billing-muted">
            {autoRenew
              ? `Renews on ${dateOf(subscription.current_period_end)} for ${formatUsd(amount)}.`
              : `Auto-renew is off: ${planName} ends on ${dateOf(subscription.current_period_end)}.`}
          </p>
        </div>
      )}

      {failure && (
        <Alert severity="error" title={failure === 'cancel' ? billingMessages.cancelFailed : billingMessages.renewFailed}>
          <UpdateFailedText />
        </Alert>
      )}
    </div>
  );
}
