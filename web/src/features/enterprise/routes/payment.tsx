import { usePageTitle } from '../../../components/ui/page-title';
import { usePaymentHistory } from '../../../lib/api-account';
import { useEnterpriseSession } from '../enterprise-session';
import { PaymentHistoryList } from '../components/payment-history-list';

/** Payment history: the organisation's payments; 'No payment history.' when there are none. */
export function EnterprisePaymentHistory() {
  usePageTitle('Payment history');
  const state = usePaymentHistory(useEnterpriseSession().account?.userId);
  return (
    <>
      <h1 className="enterprise__title">Payment history</h1>
      <section className="enterprise-card" aria-label="Payments">
        <PaymentHistoryList state={state} />
      </section>
    </>
  );
}

export { EnterprisePaymentHistory as Component };
