import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { NotFound } from '../../../components/layout/not-found';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useOwnAccount } from '../../../lib/api-account';
import { errorCodeOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { acceptInvite } from '../api/accept-invite';
import { declineInvite } from '../api/decline-invite';
import { useInviteDetails } from '../api/get-invite-details';
import { CreatePasswordForm } from '../components/create-password-form';
import { inviteOutcome, ORG_SUCCESS_QUERY, type DetailsState, type OwnAccountState } from '../invite-outcome';
import { signInWithPassword, startSignIn } from '../sign-in';
import '../invites.css';
import { SUPPORT_EMAIL } from '#shared/domain/support-email';

export const DECLINE_CONFIRM = 'Are you sure you want to decline this invite?';
export const UNABLE_TO_PROCESS = 'Unable to process the invite';
export const ACCEPT_FAILED = 'Please try again and contact your admin if the error persists.';
export const declineFailed = (email: string) => `Please try again or contact us at ${email}.`;
export const INVITE_NOT_FOUND_TEXT = 'This invite was not found or may have expired. Contact your group administrator or';

const ORG_SUCCESS_HREF = `${paths.account.href()}?${ORG_SUCCESS_QUERY}`;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="invite-card" aria-labelledby="invite-title">
      <h1 id="invite-title" className="invite-card__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * /invites?sub=…&token=…: redeem an organisation invitation. The outcome follows the spec's order
 * of precedence (see invite-outcome.ts). Accepting sends a signed-in user to /account with the
 * org-success flag, signs a new account in with the password just chosen, and otherwise starts
 * sign-in; declining needs a confirm. Accept and decline are blocked while either is pending.
 */
export function InvitesRoute() {
  usePageTitle('Invitation');
  const [params] = useSearchParams();
  const sub = params.get('sub');
  const token = params.get('token');
  const auth = useAuth();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const location = useLocation();

  const [declined, setDeclined] = useState<{ orgAdminEmail: string } | null>(null);
  const [failure, setFailure] = useState<'accept' | 'decline' | null>(null);
  const [pending, setPending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const busy = useRef(false);

  const detailsQuery = useInviteDetails(sub, token);
  // Spec: a failed details fetch is only logged (by useInviteDetails), and leads to the not-found state.
  const details: DetailsState =
    detailsQuery.status === 'success'
      ? { status: 'loaded', invite: detailsQuery.data }
      : detailsQuery.status === 'error'
        ? { status: 'not-found' }
        : { status: 'loading' };

  // The signed-in user's account, once it is the invited one: already an active member → done.
  const invitedEmail = details.status === 'loaded' ? details.invite.user.email.toLowerCase() : null;
  const signedInEmail = auth.status === 'signedIn' ? (auth.user?.email.toLowerCase() ?? null) : null;
  const matches = !!invitedEmail && invitedEmail === signedInEmail;
  const own = useOwnAccount(auth.user?.userId, { enabled: matches });
  const account: OwnAccountState = !matches
    ? { status: 'idle' }
    : own.status === 'success'
      ? { status: 'loaded', orgId: own.data.orgId, orgStatus: own.data.orgStatus }
      : own.status === 'error'
        ? { status: 'error' }
        : { status: 'loading' };

  const run = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailure(null);
    try {
      await work();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  const accept = (newAccountPassword: string | null) =>
    run(async () => {
      let result: { email: string };
      try {
        result = await acceptInvite(sub!, token!, newAccountPassword);
      } catch (e) {
        console.error('Invite not accepted', errorCodeOf(e), e);
        setFailure('accept');
        return;
      }
      setLeaving(true);
      if (auth.status === 'signedIn') {
        navigate(ORG_SUCCESS_HREF, { replace: true });
        return;
      }
      if (newAccountPassword) {
        try {
          await signInWithPassword(result.email, newAccountPassword);
          navigate(ORG_SUCCESS_HREF, { replace: true });
          return;
        } catch (e) {
          console.error('Sign-in with the new password failed; continuing with the sign-in page', e);
        }
      }
      const next = await startSignIn(ORG_SUCCESS_HREF);
      if (next) navigate(next, { replace: true });
    });

  const decline = () => {
    if (busy.current || !window.confirm(DECLINE_CONFIRM)) return;
    void run(async () => {
      try {
        setDeclined(await declineInvite(sub!, token!));
      } catch (e) {
        console.error('Invite not declined', errorCodeOf(e), e);
        setFailure('decline');
      }
    });
  };

  const outcome = inviteOutcome({
    sub, token, details, declined,
    auth: { status: auth.status, email: auth.user?.email ?? null },
    account,
  });

  if (outcome.kind === 'page-not-found') return <NotFound />;
  if (outcome.kind === 'already-member') return <Navigate to={ORG_SUCCESS_HREF} replace />;
  if (outcome.kind === 'loading' || leaving) {
    return (
      <div className="invite-page invite-page--loading">
        <Spinner size="lg" label={leaving ? 'Joining…' : 'Loading the invitation…'} />
      </div>
    );
  }

  const support = config?.supportEmail ?? SUPPORT_EMAIL;
  const alert =
    failure &&
    (failure === 'accept' ? (
      <Alert severity="error" title={UNABLE_TO_PROCESS}>
        {ACCEPT_FAILED}
      </Alert>
    ) : (
      <Alert severity="error" title={UNABLE_TO_PROCESS}>
        {declineFailed(support)}
      </Alert>
    ));
  const declineButton = (
    <Button variant="ghost" onClick={decline} disabled={pending}>
      Decline
    </Button>
  );
  const orgName = outcome.kind === 'not-found' ? '' : outcome.invite.organization.name;

  let body: ReactNode;
  switch (outcome.kind) {
    case 'not-found':
      body = (
        <Card title="Invitation not found">
          <p>
            {INVITE_NOT_FOUND_TEXT} <Link to={paths.contact.href()}>contact support</Link>.
          </p>
        </Card>
      );
      break;
    case 'sign-out': {
      const back = `${location.pathname}${location.search}`;
      body = (
        <Card title="This invitation is for another account">
          <p>
            You are signed in as <strong>{outcome.signedInEmail}</strong>, but the invitation to join {orgName} was sent to{' '}
            <strong>{outcome.invite.user.email}</strong>. Sign out, then open the invitation again.
          </p>
          <ButtonLink to={`${paths.authSignOut.href()}?${new URLSearchParams({ redirectPath: back })}`}>Sign out</ButtonLink>
        </Card>
      );
      break;
    }
    case 'declined':
      body = (
        <Card title="Invitation declined">
          <p>
            You declined the invitation to join {orgName}. If you change your mind, contact your group administrator at{' '}
            <a href={`mailto:${outcome.orgAdminEmail}`}>{outcome.orgAdminEmail}</a>.
          </p>
        </Card>
      );
      break;
    case 'create-password':
      body = (
        <Card title={`Join ${orgName}`}>
          <p>
            You are invited to join <strong>{orgName}</strong> on Full Page Shot Enterprise. Create a password for{' '}
            <strong>{outcome.invite.user.email}</strong> to set up your account.
          </p>
          {alert}
          <CreatePasswordForm email={outcome.invite.user.email} pending={pending} onComplete={(p) => void accept(p)} />
          <p className="invite-card__decline">Not for you? {declineButton}</p>
        </Card>
      );
      break;
    case 'accept':
      body = (
        <Card title={`Join ${orgName}`}>
          <p>
            You are invited to join <strong>{orgName}</strong> on Full Page Shot Enterprise as <strong>{outcome.invite.user.email}</strong>.
            Your account will use the organization&apos;s Enterprise subscription.
          </p>
          {alert}
          <div className="invite-card__actions">
            <Button onClick={() => void accept(null)} disabled={pending}>
              {pending ? 'Working…' : 'Accept'}
            </Button>
            {declineButton}
          </div>
        </Card>
      );
      break;
    case 'sign-in':
      body = (
        <Card title={`Join ${orgName}`}>
          <p>
            You are invited to join <strong>{orgName}</strong>. <strong>{outcome.invite.user.email}</strong> already has an account: sign
            in with it to accept the invitation.
          </p>
          {alert}
          <div className="invite-card__actions">
            <Button onClick={() => void accept(null)} disabled={pending}>
              {pending ? 'Working…' : 'Accept and sign in'}
            </Button>
            {declineButton}
          </div>
        </Card>
      );
      break;
  }
  return <div className="invite-page">{body}</div>;
}

export { InvitesRoute as Component };
