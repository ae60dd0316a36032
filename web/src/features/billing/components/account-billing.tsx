import { useSearchParams } from 'react-router-dom';
import type { Account } from '#shared/domain/account';
import { holdsSubscription } from '#shared/domain/subscription';
import { usePaymentHistory } from '../../../lib/api-account';
import '../billing.css';
import { CardDetails } from './card-details';
import { PaymentHistory } from './payment-history';
import { SubscriptionControls } from './subscription-controls';

export interface AccountBillingProps {
  account: Account;
  /** Called with the account every billing action answers (cancel, auto-renew, card update). */
  onAccountChange: (account: Account) => void;
  /** The payments list (default on); off where the page shows payments itself. */
  showPayments?: boolean;
}

/**
 * The billing part of the account page: subscription actions by status, the card and its update,
 * the payments list. `hide_account=1` in the query hides these details (a card-update return is
 * still confirmed). Organisation members do not manage billing (their admin does), so nothing is
 * shown for them.
 */
export function AccountBilling({ account, onAccountChange, showPayments = true }: AccountBillingProps) {
  const [params] = useSearchParams();
  const hidden = params.get('hide_account') === '1';
  const isOrgMember = account.type === 'organization' && account.orgRole !== 'admin';
  const payments = usePaymentHistory(account.userId, { enabled: showPayments && !hidden && !isOrgMember, version: account });
  const sub = account.subscription;
  // An ended subscription has nothing to charge: no card and no 'Update card' (spec: canceled → the
  // expired message only), so the page shows one state, not "expired" beside a card to update.
  const ended = !!sub && !holdsSubscription(sub);
  const showCard = !ended && (!!account.card || !!sub || !!account.customerId);

  if (isOrgMember) return null;
  return (
    <section className="account-card billing" aria-labelledby="billing-title" hidden={hidden}>
      <h2 id="billing-title">Billing</h2>
      {sub ? (
        <SubscriptionControls subscription={sub} onAccountChange={onAccountChange} />
      ) : account.type === 'organization' ? (
        <p className="billing-muted">No active Enterprise subscription. Contact enterprise support to renew your group plan.</p>
      ) : (
        <p className="billing-muted">Basic (free). Premium adds cropping, annotation and more.</p>
      )}
      {showCard && <CardDetails account={account} onAccountChange={onAccountChange} />}
      {showPayments && !hidden && <PaymentHistory state={payments} />}
    </section>
  );
}
