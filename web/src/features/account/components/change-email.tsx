import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useChangeEmail } from '../api/change-email';

export const CHANGE_EMAIL_SUCCESS = 'Your email address was updated successfully. Please check your email.';

/**
 * The e-mail change (spec): a link reveals the form; idle → 'Updating…' → success (with a Go
 * back button that reloads the page) or the server's error message.
 */
export function ChangeEmail({ currentEmail }: { currentEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const { state, submit } = useChangeEmail();
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
