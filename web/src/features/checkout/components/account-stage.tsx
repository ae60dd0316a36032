import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { loggedInAs } from '#shared/rules/logged-in-as';
import { ButtonLink } from '../../../components/ui/button';
import type { AuthUser } from '../../../lib/auth';
import { useCheckoutAccount } from '../api/lookup-account';
import { checkoutMessages } from '../messages';
import type { CheckoutLinks } from '../checkout-links';
import { PlanTerms } from './plan-terms';

/**
 * Stage 1, 'Sign Up'. Signed out: Sign up and Sign in (in popup mode a signed-out visitor goes
 * straight to sign-up, or sign-in in sign-in mode). Signed in (rare: signed-in users are moved on):
 * who is signed in, a way to switch user and to go on.
 */
export function AccountStage({ user, links, popup, signInMode }: { user: AuthUser | null; links: CheckoutLinks; popup: boolean; signInMode: boolean }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const state = useCheckoutAccount(user?.userId);
  useEffect(() => {
    if (!popup || user || started.current) return;
    started.current = true;
    navigate(signInMode ? links.signIn : links.signUp, { replace: true });
  }, [popup, user, signInMode, links, navigate]);

  return (
    <section className="checkout-panel" aria-labelledby="account-stage-title">
      <h2 id="account-stage-title">{checkoutMessages.accountHeading}</h2>
      <PlanTerms trialEligible={user && state.status === 'success' ? state.data.trialEligible : undefined} />
      {user ? (
        <>
          <SignedInAs user={user} switchUser={links.switchUser} />
          <p className="checkout-actions">
            <ButtonLink to={links.payment} size="lg">
              Continue to billing
            </ButtonLink>
          </p>
        </>
      ) : (
        <p className="checkout-actions">
          <ButtonLink to={links.signUp} size="lg">
            Sign up
          </ButtonLink>
          <span>
            Already have an account? <Link to={links.signIn}>Sign in</Link>
          </span>
        </p>
      )}
    </section>
  );
}

/** Spec: 'You are logged in as {name} ({email}) (switch user)'; the e-mail once when there is no name. */
export function SignedInAs({ user, switchUser }: { user: Pick<AuthUser, 'name' | 'email'>; switchUser: string }) {
  return (
    <p className="checkout-user">
      {loggedInAs(user)} (<Link to={switchUser}>switch user</Link>)
    </p>
  );
}
