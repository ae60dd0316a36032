import type { ReactNode } from 'react';
import { formatInterval, formatPlanPrice } from '#shared/rules/price-format';
import { seatSummary } from '#shared/rules/seats';
import { hasSubscriptionEnded, type Subscription } from '#shared/domain/subscription';
import { ChangeName } from '../../../components/account/change-name';
import { ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { AddSeatsLink } from '../components/add-seats-link';
import { EnterpriseBillingSlot } from '../components/enterprise-billing-slot';
import { formatDate } from '../../../components/ui/payments-table';
import { SeatSummaryList } from '../components/seat-summary';
import { useOrganization } from '../enterprise-session';
import { useMembers } from '../use-members';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="enterprise-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const statusWords: Record<string, string> = {
  active: 'Active', trialing: 'Trial', past_due: 'Past due', unpaid: 'Unpaid', canceled: 'Canceled',
  incomplete: 'Incomplete', incomplete_expired: 'Expired', paused: 'Paused',
};

function renewalText(sub: Subscription): string {
  if (hasSubscriptionEnded(sub.status)) return 'Ended';
  const date = formatDate(sub.current_period_end);
  return sub.cancel_at_period_end ? `Ends on ${date} (auto-renew is off)` : `Renews on ${date}`;
}

/** Overview: the organisation's name, seats used and remaining, plan and renewal, billing controls. */
export function EnterpriseOverview() {
  usePageTitle('Enterprise overview');
  const org = useOrganization();
  const { members } = useMembers(org.orgId);
  const sub = org.subscription;
  const { user } = useAuth();

  return (
    <>
      <h1 className="enterprise__title">Overview</h1>
      <section className="enterprise-card" aria-labelledby="org-title">
        <h2 id="org-title">{org.name}</h2>
        <dl className="enterprise-fields">
          <Field label="Administrator">{org.adminEmail}</Field>
          <Field label="Plan">{sub ? `Enterprise (${formatInterval(sub.interval_count, sub.interval)})` : 'Enterprise'}</Field>
          {sub && <Field label="Price">{formatPlanPrice(sub)}{sub.quantity ? ` for ${sub.quantity} seats` : ''}</Field>}
          <Field label="Status">{sub ? (statusWords[sub.status] ?? sub.status) : 'No subscription'}</Field>
          <Field label="Renewal">{sub ? renewalText(sub) : '—'}</Field>
        </dl>
      </section>

      <section className="enterprise-card" aria-labelledby="seats-title">
        <h2 id="seats-title">Seats</h2>
        {members ? <SeatSummaryList summary={seatSummary(org.seats, members)} /> : <Spinner label="Counting seats…" />}
        <p className="enterprise-muted">
          Active and invited members use a seat. To change the number of seats, <AddSeatsLink org={org}>contact enterprise support</AddSeatsLink>.
        </p>
        <ButtonLink to={paths.enterpriseAccount.href('members')} variant="secondary">
          Manage members
        </ButtonLink>
      </section>

      <EnterpriseBillingSlot />

      {user && (
        <section className="enterprise-card" aria-labelledby="your-name-title">
          <h2 id="your-name-title">Your name</h2>
          <p className="enterprise-muted">Shown in the header and to your members instead of your e-mail.</p>
          <ChangeName currentName={user.name === user.email ? '' : user.name} />
        </section>
      )}
    </>
  );
}

export { EnterpriseOverview as Component };
