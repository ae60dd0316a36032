import { useEnterpriseSession } from '../enterprise-session';

/**
 * Slot for the organisation's billing controls on the Overview: cancel, auto-renew toggle and the
 * card update (account_type 'organization'). They belong to the billing feature, which this one
 * does not import: the app layer hands its component in as `Billing` on the enterprise session
 * (web/src/app/enterprise-routes.tsx). Renders nothing until then.
 */
export function EnterpriseBillingSlot() {
  const { Billing, account, replaceAccount } = useEnterpriseSession();
  if (!Billing || !account) return null;
  return (
    <div className="enterprise-billing">
      <Billing account={account} onAccountChange={(next) => replaceAccount?.(next)} showPayments={false} />
    </div>
  );
}
