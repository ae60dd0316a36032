import type { ComponentType, ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import type { Account } from '#shared/domain/account';
import { Authorization, useAuthorization } from '../../../components/authorization';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink, ExternalButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-client';
import { useAuth, type AuthUser } from '../../../lib/auth';
import { useNextUrl } from '../../../lib/storage';
import { useAccount } from '../components/account-provider';
import { ChangeEmail } from '../components/change-email';
import { ChangeName } from '../../../components/account/change-name';
import { DebugBlock } from '../components/debug-block';
import { LoginHelp } from '../components/login-help';
import { ORG_SUCCESS_PARAM, ORG_SUCCESS_VALUE, OrgSuccessBanner } from '../components/org-success-banner';
import { SignedOut } from '../components/signed-out';
import { SubscriptionSummary } from '../components/subscription-summary';
import '../account.css';

const UNABLE_TO_LOAD_USER = 'Unable to load user.';

/**
 * Subscription management (status actions, card, payments) comes from the billing feature; the
 * app layer composes the two so features don't import each other.
 */
export type BillingSlot = ComponentType<{ account: Account; onAccountChange: (account: Account) => void }>;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="account-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PageSpinner({ label }: { label: string }) {
  return (
    <div className="account-page account-page--loading">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/**
 * What every visitor sees first, in the prerendered HTML too (prerender.tsx): the page's h1 and the
 * spinner with its label. Its frame keeps the height of the signed-out prompt that usually
 * follows, so the footer stays put.
 */
function CheckingSignIn() {
  return (
    <div className="account-page account-page--checking">
      <h1 className="account-page__title">Account</h1>
      <Spinner size="lg" label="Checking your sign-in…" showLabel />
    </div>
  );
}

/**
 * /account. Spinner while authentication loads; org admins go to /enterprise/account; signed-out
 * visitors get the sign-in prompt; signed-in users their subscription, e-mail, log-in method,
 * payments and the ways back to the extension.
 */
export function AccountRoute({ Billing }: { Billing: BillingSlot }) {
  usePageTitle('Account');
  const auth = useAuth();
  const { state, account, error } = useAccount();
  const { checkAccess } = useAuthorization();

  if (auth.status === 'loading') return <CheckingSignIn />;
  if (auth.status === 'signedOut' || !auth.user) {
    return (
      <div className="account-page">
        <SignedOut />
      </div>
    );
  }
  if (state !== 'complete') return <PageSpinner label="Loading your account…" />;
  if (!account) {
    const message = errorMessageOf(error, UNABLE_TO_LOAD_USER);
    return (
      <div className="account-page">
        <section className="account-card" aria-labelledby="account-error-title">
          <h1 id="account-error-title">Welcome <bdi>{auth.user.name}</bdi></h1>
          <Alert severity="error" title={UNABLE_TO_LOAD_USER}>
            {message !== UNABLE_TO_LOAD_USER ? message : null}
          </Alert>
          <LoginHelp data={{ code: 'login', error: message, userId: auth.user.userId }} />
          <p>
            <Link to={paths.authSignOut.href()}>Sign out</Link>
          </p>
        </section>
      </div>
    );
  }
  if (checkAccess({ policy: 'enterprise:manage' })) return <Navigate to={paths.enterpriseAccount.path} replace />;
  return <AccountDetails account={account} user={auth.user} justSignedIn={auth.justSignedIn} Billing={Billing} />;
}

function AccountDetails({ account, user, justSignedIn, Billing }: { account: Account; user: AuthUser; justSignedIn: boolean; Billing: BillingSlot }) {
  const { replaceAccount } = useAccount();
  const next = useNextUrl();
  const [params] = useSearchParams();
  const orgJoined = params.get(ORG_SUCCESS_PARAM) === ORG_SUCCESS_VALUE && !!account.orgName;
  // The spec's 'Return to extension' is the greeting's button; without the greeting the same link,
  // under the same name, sits with the account actions (never both at once).
  const greeting = !!next && justSignedIn;

  return (
    <div className="account-page">
      <h1 className="account-page__title">Welcome <bdi>{user.name}</bdi></h1>

      {greeting && (
        <section className="account-card account-welcome-back" aria-labelledby="welcome-back-title">
          <h2 id="welcome-back-title">Welcome back!</h2>
          <ExternalButtonLink href={next}>Return to extension</ExternalButtonLink>
        </section>
      )}

      {orgJoined && <OrgSuccessBanner orgName={account.orgName!} email={account.email} />}

      <Authorization allowedRoles={['orgMember']} forbiddenFallback={<IndividualAccount account={account} user={user} />}>
        <EnterpriseMemberAccount account={account} user={user} />
      </Authorization>

      <Authorization policy="account:change">
        <Billing account={account} onAccountChange={replaceAccount} />
      </Authorization>

      <nav className="account-card account-actions" aria-label="Account actions">
        {next && !greeting && (
          <a className="account-actions__extension" href={next}>
            Return to extension
          </a>
        )}
        <ButtonLink to={paths.authSignOut.href()} variant="secondary">
          Sign out
        </ButtonLink>
      </nav>

      <DebugBlock account={account} />
    </div>
  );
}

/**
 * A member whose seat the organisation's admin deactivated holds no Enterprise plan any more: the
 * account is theirs alone again (Basic, or a Premium they buy), and this says why.
 */
function SeatDeactivated({ account }: { account: Account }) {
  const org = account.orgName ?? 'your organisation';
  return (
    <Alert severity="warning" title="Your Enterprise seat is deactivated">
      Your organisation admin has deactivated your seat in {org}, so its Enterprise plan no longer applies to this account.{' '}
      {account.orgAdminEmail ? (
        <>
          Ask <a href={`mailto:${account.orgAdminEmail}`}>{account.orgAdminEmail}</a> to reactivate it
        </>
      ) : (
        'Ask your organisation admin to reactivate it'
      )}
      , or go Premium on your own.
    </Alert>
  );
}

function IndividualAccount({ account, user }: { account: Account; user: AuthUser }) {
  return (
    <section className="account-card" aria-labelledby="account-details-title">
      <h2 id="account-details-title">Your account</h2>
      {account.orgStatus === 'deactivated' && <SeatDeactivated account={account} />}
      <dl className="account-fields">
        <Field label="Name">
          <ChangeName currentName={user.name === user.email ? '' : user.name} />
        </Field>
        <Field label="Subscription">
          <SubscriptionSummary subscription={account.subscription} />
        </Field>
        <Field label="Email">
          <span className="account-email">{account.email}</span>
          {/* Social sign-ins take their address from the provider: no update link (spec). */}
          {!user.isSocial && <ChangeEmail currentEmail={account.email} />}
        </Field>
        <Field label="Log-in Method">{user.loginMethod}</Field>
      </dl>
      <Authorization policy="premium:offer">
        <ButtonLink to={paths.checkout.href()} size="lg">
          Go premium
        </ButtonLink>
      </Authorization>
    </section>
  );
}

function EnterpriseMemberAccount({ account, user }: { account: Account; user: AuthUser }) {
  return (
    <section className="account-card" aria-labelledby="account-details-title">
      <h2 id="account-details-title">Your group account</h2>
      <Alert severity="info">Contact your account administrator to make changes to this account.</Alert>
      <dl className="account-fields">
        <Field label="Group name">{account.orgName ?? '—'}</Field>
        <Field label="Group administrator">
          {account.orgAdminEmail ? <a href={`mailto:${account.orgAdminEmail}`}>{account.orgAdminEmail}</a> : '—'}
        </Field>
        <Field label="Name">
          <ChangeName currentName={user.name === user.email ? '' : user.name} />
        </Field>
        <Field label="Subscription">Enterprise</Field>
        <Field label="Email">{account.email}</Field>
        <Field label="Log-in Method">{user.loginMethod}</Field>
      </dl>
    </section>
  );
}

