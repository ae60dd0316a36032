import { useEffect, useRef, useState } from 'react';
import type { AbTestGroup } from '#shared/domain/account';
import type { CheckoutFlags } from '#shared/rules/checkout-flags';
import { checkoutReturnUrls, isAlreadySubscribed } from '#shared/rules/checkout-stage';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorCodeOf } from '../../../lib/api-client';
import { createCheckoutSessionUrl } from '../api/create-checkout-session-url';
import { useCheckoutAccount } from '../api/lookup-account';
import { checkoutMessages } from '../messages';
import { AlreadySubscribed } from './already-subscribed';

type SessionState = { status: 'idle' } | { status: 'redirecting' } | { status: 'error'; message: string } | { status: 'subscribed' };

/** Sends the browser to the payment page (tests replace it). */
export const goTo = { url: (url: string) => window.location.assign(url) };

/**
 * Stage 2, 'Billing'. Looks the subscription up: already subscribed → the panel (a popup closes
 * itself); otherwise a Checkout session is requested and the browser goes to its payment page.
 */
export function PaymentStage({ prefix, flags, group, popup }: { prefix: string; flags: CheckoutFlags; group?: AbTestGroup; popup: boolean }) {
  const { state } = useCheckoutAccount(true, group);
  const [session, setSession] = useState<SessionState>({ status: 'idle' });
  const requested = useRef(false);
  const subscribed = session.status === 'subscribed' || (state.status === 'loaded' && isAlreadySubscribed(state.account.subscription));

  useEffect(() => {
    if (subscribed && popup) window.close();
  }, [subscribed, popup]);

  useEffect(() => {
    if (state.status !== 'loaded' || subscribed || requested.current) return;
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
  }, [state, subscribed, prefix, flags, group]);

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
  } else if (state.status === 'loading') {
    body = <Spinner size="lg" label="Checking your subscription…" showLabel />;
  } else {
    body = <Spinner size="lg" label="Taking you to the secure payment page…" showLabel />;
  }

  return (
    <section className="checkout-panel" aria-labelledby="payment-stage-title">
      <h2 id="payment-stage-title">{checkoutMessages.paymentHeading}</h2>
      {body}
    </section>
  );
}
