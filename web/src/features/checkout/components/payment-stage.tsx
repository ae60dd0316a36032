import { useEffect, useRef, useState } from 'react';
import type { AbTestGroup } from '#shared/domain/account';
import type { CheckoutFlags } from '#shared/rules/checkout-flags';
import { checkoutReturnUrls, isAlreadySubscribed } from '#shared/rules/checkout-stage';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { AuthUser } from '../../../lib/auth';
import { errorCodeOf } from '../../../lib/api-client';
import { createCheckoutSessionUrl } from '../api/create-checkout-session-url';
import { useCheckoutAccount } from '../api/lookup-account';
import { checkoutMessages } from '../messages';
import { SignedInAs } from './account-stage';
import { AlreadySubscribed } from './already-subscribed';
import { PlanTerms } from './plan-terms';

type SessionState = { status: 'idle' } | { status: 'redirecting' } | { status: 'error'; message: string } | { status: 'subscribed' };

/** Sends the browser to the payment page (tests replace it). */
export const goTo = { url: (url: string) => window.location.assign(url) };

export interface PaymentStageProps {
  prefix: string;
  flags: CheckoutFlags;
  group?: AbTestGroup;
  popup: boolean;
  /** Back from the payment page with checkout=cancel: wait for the user instead of going back at once. */
  canceled?: boolean;
  user?: (Pick<AuthUser, 'name' | 'email'> & Partial<Pick<AuthUser, 'userId'>>) | null;
  switchUser?: string;
}

/**
 * Stage 2, 'Billing'. Looks the subscription up: already subscribed → the panel (a popup closes
 * itself); otherwise a Checkout session is requested and the browser goes to its payment page —
 * after a click when the user just cancelled there. Says beforehand whether the free trial applies.
 */
export function PaymentStage({ prefix, flags, group, popup, canceled = false, user, switchUser }: PaymentStageProps) {
  const state = useCheckoutAccount(user?.userId, { group });
  const [session, setSession] = useState<SessionState>({ status: 'idle' });
  const [go, setGo] = useState(!canceled);
  const requested = useRef(false);
  const subscribed = session.status === 'subscribed' || (state.status === 'success' && isAlreadySubscribed(state.data.subscription));

  useEffect(() => {
    if (subscribed && popup) window.close();
  }, [subscribed, popup]);

  useEffect(() => {
    if (!go || state.status !== 'success' || subscribed || requested.current) return;
    requested.current = true;
    setSession({ status: 'redirecting' });
    createCheckoutSessionUrl({
      plan: 'premium',
      ...checkoutReturnUrls(window.location.origin, prefix),
      ...flags,
      ...(group ? { checkout_method: group } : {}),
    })
      .then((url) => goTo.url(url))
      .catch((e: unknown) => {
        if (errorCodeOf(e) === 'already_subscribed') setSession({ status: 'subscribed' });
        else setSession({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      });
  }, [go, state.status, subscribed, prefix, flags, group]);

  let body;
  if (state.status === 'error') {
    body = (
      <Alert severity="error" title={checkoutMessages.lookupFailed}>
        {state.error.message}
      </Alert>
    );
  } else if (subscribed) {
    body = <AlreadySubscribed />;
  } else if (session.status === 'error') {
    body = (
      <Alert severity="error" title={checkoutMessages.completionFailed}>
        {session.message}
      </Alert>
    );
  } else if (state.status === 'pending') {
    body = <Spinner size="lg" label="Checking your subscription…" showLabel />;
  } else if (!go) {
    body = (
      <>
        <Alert severity="info" title={checkoutMessages.paymentCanceled}>
          {checkoutMessages.paymentCanceledText}
        </Alert>
        {user && switchUser && <SignedInAs user={user} switchUser={switchUser} />}
        <PlanTerms trialEligible={state.data.trialEligible} />
        <p className="checkout-actions">
          <Button size="lg" onClick={() => setGo(true)}>
            {checkoutMessages.continueToPayment}
          </Button>
        </p>
      </>
    );
  } else {
    body = (
      <>
        {state.data.trialEligible === false && <p className="checkout-no-trial">{checkoutMessages.noTrial}.</p>}
        <Spinner size="lg" label="Taking you to the secure payment page…" showLabel />
      </>
    );
  }

  return (
    <section className="checkout-panel" aria-labelledby="payment-stage-title">
      <h2 id="payment-stage-title">{checkoutMessages.paymentHeading}</h2>
      {body}
    </section>
  );
}
