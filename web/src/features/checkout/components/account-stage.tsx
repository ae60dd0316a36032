import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TRIAL_DAYS } from '#shared/rules/checkout-flags';
import { ButtonLink } from '../../../components/ui/button';
import type { AuthUser } from '../../../lib/auth';
import { checkoutMessages } from '../messages';
import type { CheckoutLinks } from '../checkout-links';

/**
 * Stage 1, 'Sign Up'. Signed in (after coming back with checkout=cancel): who is signed in, a way
 * to switch user and to go on. Signed out: Sign up and Sign in. In popup mode a signed-out visitor
 * goes straight to sign-up (or sign-in in sign-in mode).
 */
export function AccountStage({ user, links, popup, signInMode }: { user: AuthUser | null; links: CheckoutLinks; popup: boolean; signInMode: boolean }) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (!popup || user || started.current) return;
    started.current = true;
    navigate(signInMode ? links.signIn : links.signUp, { replace: true });
  }, [popup, user, signInMode, links, navigate]);

  return (
    <section className="checkout-panel" aria-labelledby="account-stage-title">
      <h2 id="account-stage-title">{checkoutMessages.accountHeading}</h2>
      <ul className="checkout-plan">
        <li>
          <strong>Premium</strong>: 1-year subscription, $12 per year
        </li>
        <li>{TRIAL_DAYS}-day free trial: cancel any time from your account page</li>
        <li>Cropping, annotation, URL and date stamp, smart PDF page splitting and priority support</li>
      </ul>
      {user ? (
        <>
          <p className="checkout-user">
            You are logged in as {user.name} ({user.email}) (<Link to={links.switchUser}>switch user</Link>)
          </p>
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
