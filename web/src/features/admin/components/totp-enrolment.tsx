import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { normaliseTotpCode } from '#shared/rules/staff-totp';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { confirmTotpSetup, startTotpSetup, totpErrorMessage } from '../api/authenticator';

/** The setup URI as an SVG QR code, in a data: URL (the CSP allows data: images). */
async function qrImage(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * First visit of a staff member whose account does not require TOTP yet: a QR code (and its key,
 * for apps that cannot scan) and a check of one code. Until this succeeds every staff route
 * answers 403, so the tool is not shown.
 */
export function TotpEnrolment({ email, onEnrolled }: { email: string; onEnrolled: () => void }) {
  const codeId = useId();
  // One secret per visit: a refetch would replace the key the person is typing from.
  const setup = useQuery({
    queryKey: ['totp-setup', email],
    queryFn: async () => {
      const s = await startTotpSetup(email);
      return { ...s, qr: await qrImage(s.uri) };
    },
    staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false,
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = normaliseTotpCode(code);
    if (!checked) {
      setError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await confirmTotpSetup(checked);
      onEnrolled();
    } catch (err) {
      setError(totpErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <section className="admin-enrol" aria-labelledby="admin-enrol-title">
      <h1 id="admin-enrol-title" className="admin-enrol__title">
        Set up your authenticator app
      </h1>
      <p>
        Staff sign in with a code from an authenticator app as well as their password. Set one up once to use the admin tool; from then on
        every sign-in asks for a code.
      </p>
      {setup.isPending && <Spinner label="Preparing your authenticator key…" showLabel />}
      {setup.isError && (
        <Alert severity="error" title="The authenticator could not be prepared">
          {totpErrorMessage(setup.error)} Reload the page to try again.
        </Alert>
      )}
      {setup.data && (
        <ol className="admin-enrol__steps">
          <li>
            <p>Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</p>
            <img className="admin-enrol__qr" src={setup.data.qr} width={200} height={200} alt={`QR code to add ${email} to an authenticator app`} />
            <details className="admin-enrol__key">
              <summary>Can’t scan it? Enter this key instead</summary>
              <code data-testid="totp-secret">{setup.data.secret}</code>
            </details>
          </li>
          <li>
            <form className="admin-enrol__form" onSubmit={(e) => void onSubmit(e)} noValidate>
              <label htmlFor={codeId}>Enter the 6-digit code the app shows</label>
              <input
                id={codeId}
                className="admin-search__input admin-enrol__code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={9}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${codeId}-error` : undefined}
              />
              <Button type="submit" disabled={busy}>
                {busy ? 'Checking…' : 'Verify code'}
              </Button>
              {error && (
                <p id={`${codeId}-error`} className="admin-search__error" role="alert">
                  {error}
                </p>
              )}
            </form>
          </li>
        </ol>
      )}
    </section>
  );
}
