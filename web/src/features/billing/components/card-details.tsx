import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Account } from '#shared/domain/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { confirmUpdatePaymentSession } from '../api/confirm-update-payment-session';
import { CARD_RETURN_FLAG, createUpdatePaymentSession, type BillingAccountType } from '../api/create-update-payment-session';
import { billingMessages, CARD_UPDATED_MS } from '../messages';

const brandName = (brand: string) =>
  ({ amex: 'American Express', diners: 'Diners Club', mastercard: 'Mastercard', unionpay: 'UnionPay', jcb: 'JCB' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);

/** Sends the browser to the card page (tests replace it). */
const cardPage = { open: (url: string) => window.location.assign(url) };

/**
 * The card on file and its update: a setup-mode Checkout, then back here with checkout=success
 * and session_id, which are confirmed with the server (the new card becomes the default) and
 * removed from the URL. 'Card updated!' shows for 2 seconds. Failures show under the card.
 */
export function CardDetails({ account, onAccountChange }: { account: Account; onAccountChange: (a: Account) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const accountType: BillingAccountType = account.type === 'organization' ? 'organization' : 'user';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [updated, setUpdated] = useState(false);
  const confirmed = useRef<string | null>(null);

  // Back from the card page.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const sessionId = params.get('session_id');
    if (params.get(CARD_RETURN_FLAG.name) !== CARD_RETURN_FLAG.value || !sessionId || confirmed.current === sessionId) return;
    confirmed.current = sessionId;
    setBusy(true);
    confirmUpdatePaymentSession(sessionId, accountType)
      .then((result) => {
        if (result.type === 'user') onAccountChange(result.data as Account);
        setError(null);
        setUpdated(true);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'Undefined error'))
      .finally(() => {
        setBusy(false);
        params.delete(CARD_RETURN_FLAG.name);
        params.delete('session_id');
        const search = params.toString();
        navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
      });
  }, [location, navigate, accountType, onAccountChange]);

  useEffect(() => {
    if (!updated) return;
    const t = setTimeout(() => setUpdated(false), CARD_UPDATED_MS);
    return () => clearTimeout(t);
  }, [updated]);

  const onUpdate = async () => {
    setBusy(true);
    setError(null);
    try {
      cardPage.open(await createUpdatePaymentSession(accountType, location.pathname));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Undefined error');
      setBusy(false);
    }
  };

  const card = account.card;
  return (
    <div className="billing-card">
      <p>
        <span className="billing-label">Card</span> {card ? `${brandName(card.brand)} •••• ${card.last4}` : 'n/a'}
        {card?.name ? <span className="billing-muted"> · {card.name}</span> : null}
      </p>
      <Button variant="secondary" size="sm" onClick={() => void onUpdate()} disabled={busy}>
        {busy ? 'Please wait…' : 'Update card'}
      </Button>
      {updated && (
        <p role="status" className="billing-card-updated">
          {billingMessages.cardUpdated}
        </p>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </div>
  );
}
