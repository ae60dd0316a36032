import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useChangeEmail } from '../api/change-email';

const CHANGE_EMAIL_SUCCESS = 'Your email address was updated successfully. Please check your email.';
const codeSentText = (email: string) =>
  `We sent a 6-digit code to ${email}. Enter it to finish. Until then you keep signing in with your current address.`;
const CODE_RESENT = 'A new code is on its way.';

/** The code step: the change takes effect only once the code sent to the new address is entered. */
function CodeStep({ email, busy, error, resent, onVerify, onResend, onCancel }: {
  email: string;
  busy?: 'verifying' | 'resending';
  error?: string;
  resent?: boolean;
  onVerify: (code: string) => void;
  onResend: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onVerify(code);
  };
  return (
    <form className="change-email" onSubmit={onSubmit} aria-label="Confirm new email">
      <p>{codeSentText(email)}</p>
      <label htmlFor={inputId}>Verification code</label>
      <input
        ref={input}
        id={inputId}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        disabled={!!busy}
      />
      <div className="change-email__actions">
        <Button type="submit" disabled={!!busy}>
          {busy === 'verifying' ? 'Verifying…' : 'Verify'}
        </Button>
        <Button variant="secondary" onClick={onResend} disabled={!!busy}>
          {busy === 'resending' ? 'Sending…' : 'Resend code'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={!!busy}>
          Cancel
        </Button>
      </div>
      {resent && !error && <p role="status">{CODE_RESENT}</p>}
      {error && <p role="alert" className="change-email__error">{error}</p>}
    </form>
  );
}

/**
 * The e-mail change (spec): a link reveals the form; idle → 'Updating…' → the code step → success
 * (with a Go back button that reloads the page) or the server's error message.
 */
export function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const { state, submit, verify, resend, reset } = useChangeEmail();
  const inputId = useId();

  if (state.status === 'success') {
    return (
      <div className="change-email">
        <p role="status">{CHANGE_EMAIL_SUCCESS}</p>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Go back
        </Button>
      </div>
    );
  }
  if (state.status === 'code') {
    return (
      <CodeStep
        email={state.email}
        busy={state.busy}
        error={state.error}
        resent={state.resent}
        onVerify={(code) => void verify(state.email, code)}
        onResend={() => void resend(state.email)}
        // Nothing to undo: Cognito kept the current address, and a later change replaces the pending one.
        onCancel={() => {
          reset();
          setOpen(false);
        }}
      />
    );
  }
  if (!open) {
    return (
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Change email
      </button>
    );
  }
  const submitting = state.status === 'submitting';
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!submitting) void submit(email);
  };
  return (
    <form className="change-email" onSubmit={onSubmit} aria-label="Change email">
      <label htmlFor={inputId}>New email address</label>
      <input
        id={inputId}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        placeholder={currentEmail}
        onChange={(e) => setEmail(e.target.value)}
        disabled={submitting}
      />
      <div className="change-email__actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Updating…' : 'Update email'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={submitting}>
          Cancel
        </Button>
      </div>
      {state.status === 'error' && <p role="alert" className="change-email__error">{state.message}</p>}
    </form>
  );
}
