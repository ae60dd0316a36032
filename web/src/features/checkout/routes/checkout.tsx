import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { AbTestGroup } from '#shared/domain/account';
import { checkoutFlagsFromHash } from '#shared/rules/checkout-flags';
import {
  CHECKOUT_QUERY, CHECKOUT_STAGE_TITLES, DEFAULT_CHECKOUT_PREFIX, resolveCheckoutStage, type CheckoutStage,
} from '#shared/rules/checkout-stage';
import { Alert } from '../../../components/ui/alert';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { trackStage } from '../analytics';
import { checkoutLinks } from '../checkout-links';
import { AccountStage } from '../components/account-stage';
import { PaymentStage } from '../components/payment-stage';
import { StepIndicator } from '../components/step-indicator';
import { SuccessStage } from '../components/success-stage';
import '../checkout.css';

const isFlagOn = (v: string | null) => v !== null && v !== '0' && v.toLowerCase() !== 'false';

/**
 * The checkout at `prefix` (default /checkout): stages account ('Sign Up'), payment ('Billing') and
 * success ('Success!') by the path slug, moved along by the authentication state (see
 * shared/rules/checkout-stage.ts). Query: checkout=cancel|success, session_id, checkout_method,
 * popup, signin; hash: #test, #limit, #nolimit.
 */
export function CheckoutRoute({ prefix = DEFAULT_CHECKOUT_PREFIX }: { prefix?: string }) {
  const { stage: slug } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const checkoutFlag = params.get(CHECKOUT_QUERY.checkout);
  const popup = isFlagOn(params.get(CHECKOUT_QUERY.popup));
  const signInMode = isFlagOn(params.get(CHECKOUT_QUERY.signin));
  const group = AbTestGroup.safeParse(params.get(CHECKOUT_QUERY.method)?.toUpperCase()).data;
  const flags = useMemo(() => checkoutFlagsFromHash(location.hash), [location.hash]);

  // Back from the payment page with checkout=cancel: remembered, and only that flag leaves the URL.
  const [canceled, setCanceled] = useState(checkoutFlag === 'cancel');
  useEffect(() => {
    if (checkoutFlag !== 'cancel') return;
    setCanceled(true);
    const rest = new URLSearchParams(location.search);
    rest.delete(CHECKOUT_QUERY.checkout);
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [checkoutFlag, location.pathname, location.search, location.hash, navigate]);

  const wasCanceled = canceled || checkoutFlag === 'cancel';
  const resolved = resolveCheckoutStage({ slug, auth: auth.status, checkout: checkoutFlag, canceled: wasCanceled });
  // A signed-out visitor at the bare prefix sees the account stage at once while the address moves
  // to it: the first render is then the prerendered first paint, not a blank page in between.
  const redirect = resolved.type === 'redirect' ? resolved : null;
  const resolution = redirect?.stage === 'account' ? ({ type: 'show', stage: 'account' } as const) : resolved;
  // Back from the payment page while signed in: they are past '1. Sign Up', so they wait on the
  // Billing stage (not sent back to the payment page by themselves, as the spec's cancel rule wants).
  const backToBilling = wasCanceled && auth.status === 'signedIn' && resolution.type === 'show' && resolution.stage === 'account';
  const stage: CheckoutStage | null = resolution.type === 'show' && !backToBilling ? resolution.stage : null;
  usePageTitle(stage ? CHECKOUT_STAGE_TITLES[stage] : 'Checkout');

  const tracked = useRef<CheckoutStage | null>(null);
  useEffect(() => {
    if (stage && tracked.current !== stage) {
      tracked.current = stage;
      trackStage(stage);
    }
  }, [stage]);

  const toStage = redirect && <Navigate replace to={{ pathname: `${prefix}/${redirect.stage}`, search: location.search, hash: location.hash }} />;
  if (resolution.type === 'redirect') return toStage;
  if (backToBilling) {
    const rest = new URLSearchParams(location.search);
    rest.delete(CHECKOUT_QUERY.checkout);
    const search = rest.toString();
    return <Navigate replace to={{ pathname: `${prefix}/payment`, search: search ? `?${search}` : '', hash: location.hash }} />;
  }

  let body;
  if (resolution.type === 'loading') {
    body = <Spinner size="lg" label="Checking your sign-in…" showLabel />;
  } else if (resolution.type === 'error') {
    body = (
      <Alert severity="error" title="Error encountered.">
        {resolution.message}
      </Alert>
    );
  } else if (resolution.stage === 'account') {
    body = (
      <AccountStage
        user={auth.status === 'signedIn' ? auth.user : null}
        links={checkoutLinks(prefix, location.search, location.hash)}
        popup={popup}
        signInMode={signInMode}
      />
    );
  } else if (resolution.stage === 'payment') {
    body = (
      <PaymentStage
        prefix={prefix}
        flags={flags}
        group={group}
        popup={popup}
        canceled={wasCanceled}
        user={auth.user}
        switchUser={checkoutLinks(prefix, location.search, location.hash).switchUser}
      />
    );
  } else {
    body = <SuccessStage prefix={prefix} userId={auth.user?.userId} userName={auth.user?.name ?? ''} popup={popup} />;
  }

  return (
    <div className="checkout-page">
      {toStage}
      <StepIndicator current={stage} />
      <h1 className="checkout-page__title">{stage ? CHECKOUT_STAGE_TITLES[stage] : 'Checkout'}</h1>
      {body}
    </div>
  );
}
