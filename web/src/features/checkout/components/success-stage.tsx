import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Account } from '#shared/domain/account';
import { CHECKOUT_QUERY } from '#shared/rules/checkout-stage';
import { buildLoginMessage } from '#shared/rules/login-message';
import { parseShowExperimental } from '#shared/rules/show-experimental';
import { Alert } from '../../../components/ui/alert';
import { NewsletterForm } from '../../../components/ui/newsletter-form';
import { Spinner } from '../../../components/ui/spinner';
import { useExtensionBridge } from '../../../lib/extension-bridge';
import { handOverLogin } from '../../../lib/extension-login';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { trackSuccess } from '../analytics';
import { useCheckoutAccount } from '../api/lookup-account';
import { performCheckoutSessionSuccess } from '../api/perform-checkout-session-success';
import { checkoutMessages, missingSessionIdPrefix } from '../messages';
import { ExtensionButtons } from './extension-buttons';
import { SuccessSummary } from './success-summary';
import { SUPPORT_EMAIL } from '#shared/domain/support-email';

/** What the stage shows: the completion of the payment-page return, or the account lookup. */
type Completion =
  | { status: 'loading' }
  | { status: 'done'; account: Account }
  | { status: 'error'; title: string; message?: string }
  | { status: 'missing-session'; detail: string };

/** What the stage does on arrival: complete the returned session, report a return without one, or look the account up. */
function arrivalOf(search: string): { type: 'complete'; sessionId: string } | { type: 'missing-session' } | { type: 'lookup' } {
  const params = new URLSearchParams(search);
  const sessionId = params.get(CHECKOUT_QUERY.sessionId);
  if (params.get(CHECKOUT_QUERY.checkout) !== 'success') return { type: 'lookup' };
  return sessionId ? { type: 'complete', sessionId } : { type: 'missing-session' };
}

/**
 * Stage 3, 'Success!'. Back from the payment page with checkout=success and session_id, the session
 * is completed with the server, then checkout and session_id leave the URL. Without that return
 * (a reload) the account is looked up. The extension is told about the new subscription; a popup
 * closes itself once the extension has taken the login.
 */
export function SuccessStage({ prefix, userId, userName, popup }: { prefix: string; userId?: string; userName: string; popup: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const bridge = useExtensionBridge();
  const config = useRuntimeConfig();
  const [arrival] = useState(() => arrivalOf(location.search));
  // What the support needs to see of a return without a session id, as it arrived.
  const [missingDetail] = useState(() => location.search || location.pathname);
  const lookup = useCheckoutAccount(userId, { enabled: arrival.type === 'lookup' });
  const complete = useMutation({ mutationFn: performCheckoutSessionSuccess });
  const started = useRef(false);

  // The returned session is completed once, then checkout and session_id leave the URL.
  useEffect(() => {
    if (started.current || arrival.type !== 'complete') return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    complete.mutate(arrival.sessionId, {
      onSuccess: (account) => {
        trackSuccess(account);
        params.delete(CHECKOUT_QUERY.checkout);
        params.delete(CHECKOUT_QUERY.sessionId);
        const search = params.toString();
        navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
      },
    });
  }, [arrival, complete, location, navigate]);

  const state: Completion =
    arrival.type === 'missing-session'
      ? { status: 'missing-session', detail: missingDetail }
      : arrival.type === 'complete'
        ? complete.isSuccess
          ? { status: 'done', account: complete.data }
          : complete.isError
            ? { status: 'error', title: checkoutMessages.completionFailed, message: complete.error.message }
            : { status: 'loading' }
        : lookup.status === 'success'
          ? { status: 'done', account: lookup.data }
          : lookup.status === 'error'
            ? { status: 'error', title: checkoutMessages.lookupFailed, message: lookup.error.message }
            : { status: 'loading' };

  // Tell the extension (the login message); in popup mode close once it has answered.
  const account = state.status === 'done' ? state.account : null;
  useEffect(() => {
    if (!account || !bridge) return;
    const showExperimental = parseShowExperimental(new URLSearchParams(window.location.search).get('showExperimental'));
    void handOverLogin(bridge, buildLoginMessage(account, showExperimental)).then((reply) => {
      if (reply && popup) window.close();
    });
  }, [account, bridge, popup]);

  if (state.status === 'loading') return <Spinner size="lg" label="Completing your checkout…" showLabel />;
  if (state.status === 'missing-session') {
    return (
      <Alert severity="error">
        {missingSessionIdPrefix(state.detail)}
        <a href={`mailto:${config?.supportEmail ?? SUPPORT_EMAIL}`}>the support address</a>
      </Alert>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert severity="error" title={state.title}>
        {state.message}
      </Alert>
    );
  }
  if (!state.account.subscription) {
    return (
      <section className="checkout-panel">
        <p role="alert">{checkoutMessages.noSubscription}</p>
        <Link to={prefix}>Start a fresh checkout</Link>
      </section>
    );
  }
  return (
    <>
      <section className="checkout-panel" aria-labelledby="success-title">
        <h2 id="success-title">Welcome to Premium</h2>
        <p>Thank you! Premium is ready: crop, annotate, stamp and split your captures.</p>
        <p className="checkout-actions">
          <ExtensionButtons />
        </p>
      </section>
      <section className="checkout-panel" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title">Stay in the loop</h2>
        <p>Tips, new features and the occasional discount, a few times a year.</p>
        <NewsletterForm submitLabel="Sign up" />
      </section>
      <SuccessSummary account={state.account} fallbackName={userName} />
    </>
  );
}
