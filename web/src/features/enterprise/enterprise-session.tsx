import { createContext, useContext, type ComponentType } from 'react';
import type { Account } from '#shared/domain/account';
import type { Organization } from '#shared/domain/organization';
import type { AuthStatus } from '../../lib/auth';

/**
 * What the enterprise area needs to know about the signed-in admin. The app layer fills it from
 * the account provider (web/src/app/enterprise-routes.tsx), so this feature imports no other one.
 */
export interface EnterpriseSession {
  authStatus: AuthStatus;
  /** The account provider's load state: initial, loading, complete. */
  accountState: 'initial' | 'loading' | 'complete';
  account: Account | null;
  /** Loaded for org admins only (spec); null while loading or when there is none. */
  organization: Organization | null;
  /** The message of a failed organisation fetch ('Organization error.'). */
  organizationError: string | null;
  /** Takes an account a billing action answered, without a reload. */
  replaceAccount?: (account: Account) => void;
  /**
   * The organisation's billing controls (cancel, auto-renew, card update with account_type
   * 'organization'): the billing feature's component, handed in by the app layer and shown on the
   * Overview by EnterpriseBillingSlot.
   */
  Billing?: ComponentType<EnterpriseBillingProps>;
}

/** What the Overview gives the billing component (the billing feature's AccountBilling props). */
interface EnterpriseBillingProps {
  account: Account;
  onAccountChange: (account: Account) => void;
  /** The Overview leaves payments to the Payment history section. */
  showPayments?: boolean;
}

export const EnterpriseSessionContext = createContext<EnterpriseSession | null>(null);

export function useEnterpriseSession(): EnterpriseSession {
  const session = useContext(EnterpriseSessionContext);
  if (!session) throw new Error('useEnterpriseSession must be used inside <EnterpriseSessionContext.Provider>');
  return session;
}

/** The organisation of a page below the layout, which renders pages only once it is loaded. */
export function useOrganization(): Organization {
  const { organization } = useEnterpriseSession();
  if (!organization) throw new Error('The enterprise pages render only with an organisation');
  return organization;
}
